// Docent's stand-in for `re2`, wired by the `overrides` entry in the root package.json. The real re2
// is an optional native module of firebase-tools' hosting emulator (superstatic), which Docent never
// runs; with no prebuilt binary offline it compiled from source with node-gyp on every install
// (2 minutes idle, 25 on a loaded machine). Its only user loads it in a try/catch and falls back
// to JavaScript's RegExp, so failing to load is exactly "not installed".
throw new Error('re2 is not installed (Docent ships a stand-in: firebase-tools falls back to RegExp)');

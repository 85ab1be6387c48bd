// Docent's own lint rules (no import plugin is installed; these two need only the file system).
import noCrossFeatureImports from './noCrossFeatureImports.mjs';
import noImportCycles from './noImportCycles.mjs';

export default {
  meta: { name: 'docent-local' },
  rules: { 'no-import-cycles': noImportCycles, 'no-cross-feature-imports': noCrossFeatureImports },
};

/* global window, document, localStorage */
// Runs before the stylesheet so the page never flashes the wrong theme. Mirrors src/theme/theme.ts.
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem('theme');
    dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {
    dark = false;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();

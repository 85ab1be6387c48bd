/* global document, location, URLSearchParams */
// Demo page bootstrap (an external file, because the page's CSP forbids inline scripts): embeds the
// Docent widget for ?bot=<id> exactly as the dashboard's snippet would, on this page's origin.
(function () {
  var params = new URLSearchParams(location.search);
  var bot = params.get('bot') || '';
  var status = document.getElementById('demo-status');
  if (!/^[A-Za-z0-9-]{1,64}$/.test(bot)) {
    if (status) status.textContent = 'Add ?bot=<chatbot id> to this address to load a chatbot (the chatbot detail page in the dashboard links here).';
    return;
  }
  var origin = location.origin;
  var css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = origin + '/widget/widget.css';
  document.head.appendChild(css);

  var root = document.createElement('div');
  root.id = 'docent-chat';
  root.setAttribute('data-bot-id', bot);
  document.body.appendChild(root);

  var script = document.createElement('script');
  script.src = origin + '/widget/widget.js';
  script.defer = true;
  // ?twice=1 loads the widget script a second time, as some sites do by accident.
  document.body.appendChild(script);
  if (params.get('twice') === '1') {
    var again = document.createElement('script');
    again.src = origin + '/widget/widget.js';
    document.body.appendChild(again);
  }
})();

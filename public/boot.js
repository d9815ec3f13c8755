// Starts the app on the page the build rendered (build/plugins/prerender-sign-in.ts, src/main.tsx).
// A classic script in the head, before the first paint, so it runs under the CSP (no inline
// script) and decides what the first paint shows:
//  - a returning user (a session stored on this device) or any screen but sign-in: the build's
//    sign-in markup is hidden and the app starts as soon as the page is parsed;
//  - a first visit to sign-in: the build's page is shown at once and works as a page (type, tab,
//    autofill); the app starts at the visitor's first touch, key or focus (the entry is preloaded,
//    so it is there by then) and takes the page over as it is, typing included. A submit or a
//    button pressed before that waits for it and is sent or pressed then. The service worker is registered on load, as before.
// It also sets the colour mode before the first paint, as next-themes' inline script would, and
// keeps Chromium's offer to install the app for the app's Install action.
(function () {
  var html = document.documentElement;
  try {
    var theme = localStorage.getItem('theme') || 'system';
    if (theme === 'system') {
      theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    if (theme === 'light' || theme === 'dark') {
      html.classList.add(theme);
      html.style.colorScheme = theme;
    }
  } catch {
    // No storage (a locked-down browser): the app's theme provider decides once it starts.
  }
  var stored;
  try {
    stored = localStorage.getItem('chairside-auth') !== null;
  } catch {
    stored = false;
  }
  var path = location.hash.replace(/^#/, '').split('?')[0];
  var signInPage = path === '' || path === '/' || path === '/login';
  var boot = (window.chairsideBoot = {
    pendingSubmit: false,
    pendingClick: null,
    started: false,
    live: false,
    installPrompt: null,
  });
  // Chromium offers to install the app with one beforeinstallprompt event, which may come before
  // the app's code runs: it is kept for the app's Install action (src/app/install/install-offer.ts)
  // and the browser's own mini-infobar held back; 'chairside-install' tells the app of a change.
  addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    boot.installPrompt = event;
    dispatchEvent(new Event('chairside-install'));
  });
  addEventListener('appinstalled', function () {
    boot.installPrompt = null;
    dispatchEvent(new Event('chairside-install'));
  });

  function start() {
    if (boot.started) return;
    boot.started = true;
    var entry = document.querySelector('link[data-app-entry]');
    import(entry.href);
  }
  function whenParsed(fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
    else fn();
  }

  if (!signInPage || stored) {
    html.setAttribute('data-boot', 'app');
    whenParsed(start);
    return;
  }
  html.setAttribute('data-boot', 'sign-in');
  var firstTouch = ['pointerdown', 'keydown', 'focusin', 'touchstart'];
  function onFirstTouch() {
    firstTouch.forEach(function (type) {
      removeEventListener(type, onFirstTouch, true);
    });
    whenParsed(start);
  }
  firstTouch.forEach(function (type) {
    addEventListener(type, onFirstTouch, { capture: true, passive: true });
  });
  addEventListener('hashchange', function () {
    whenParsed(start);
  });
  // A button pressed before the app runs (Demo credentials) did nothing yet: the app presses it
  // again once it has the page. A link works as a link; Sign In is the submit below.
  addEventListener(
    'click',
    function (event) {
      if (boot.live) return;
      var button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button && button.type === 'button') boot.pendingClick = button;
    },
    true,
  );
  addEventListener(
    'submit',
    function (event) {
      if (boot.live) return;
      event.preventDefault();
      boot.pendingSubmit = true;
      whenParsed(start);
    },
    true,
  );
  if ('serviceWorker' in navigator) {
    addEventListener('load', function () {
      navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(function () {
        // Registered again by the app once it starts (src/app/update-prompt.tsx).
      });
    });
  }
})();

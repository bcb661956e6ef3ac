// The loader script's source (rendered by components/layout/loader-script.tsx; allowed by its
// hash in the nonce-based Content-Security-Policy). It runs in <head> before first paint. The
// loader is hidden by default, so crawlers and readers without JavaScript never see it; this script reveals it once per browser
// session, skips it under prefers-reduced-motion, and fades it out after 1000 ms.
// It also marks a visitor who has not made a cookie choice (no cookie_consent cookie), so
// the prerendered cookie banner paints with the page instead of appearing after hydration.
export const LOADER_SCRIPT =
  '(function(){try{var d=document.documentElement;' +
  'if(!/(^|;\\s*)cookie_consent=(accepted|rejected)/.test(document.cookie))d.classList.add("needs-consent")}catch(e){}})();' +
  '(function(){try{var d=document.documentElement,k="loader-shown";' +
  'if(sessionStorage.getItem(k)||matchMedia("(prefers-reduced-motion: reduce)").matches)return;' +
  'sessionStorage.setItem(k,"1");d.classList.add("loader-on");' +
  'setTimeout(function(){d.classList.add("loader-out");' +
  'setTimeout(function(){d.classList.remove("loader-on","loader-out")},300)},1000)}catch(e){}})();';

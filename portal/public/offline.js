// The offline page's one behaviour: load the page asked for again once the portal answers. The
// 'online' event alone is not enough: it may fire before this script runs, and being online does
// not mean the server is reachable. So: check now and then, and at once when the browser says online.
const HEALTH_URL = '/api/health';
const CHECK_EVERY_MS = 3000;
let reloading = false;

async function reloadIfBack() {
  if (reloading || document.visibilityState === 'hidden') return;
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store' });
    if (response.ok) {
      reloading = true;
      window.location.reload();
    }
  } catch {
    // Still offline.
  }
}

window.addEventListener('online', () => void reloadIfBack());
document.addEventListener('visibilitychange', () => void reloadIfBack());
setInterval(() => void reloadIfBack(), CHECK_EVERY_MS);
document.getElementById('retry')?.addEventListener('click', (event) => {
  event.preventDefault();
  window.location.reload();
});

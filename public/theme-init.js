// Sets the `dark` class before React mounts so the page never flashes the wrong theme.
// Mirrors src/components/theme/theme-provider.tsx: key 'theme', values 'light' | 'dark' | 'system'.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    /* storage unavailable: keep the light default */
  }
})();

// The theme links switch the colours at once, without reloading the page: the choice goes to the
// hanabi_theme cookie (read by the server on the next page) and to <html data-theme>. Without
// this script the links still work, through ?theme= and the server.
"use strict";

const THEME_COOKIE = "hanabi_theme";
const A_YEAR = 365 * 24 * 3600;

function chooseTheme(theme) {
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=${A_YEAR}; samesite=lax${secure}`;
  if (theme === "light" || theme === "dark") {
    document.documentElement.dataset.theme = theme;
  } else {
    delete document.documentElement.dataset.theme;
  }
  for (const link of document.querySelectorAll("[data-theme-choice]")) {
    if (link.dataset.themeChoice === theme) {
      link.setAttribute("aria-current", "true");
    } else {
      link.removeAttribute("aria-current");
    }
  }
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("[data-theme-choice]") : null;
  if (link) {
    event.preventDefault();
    chooseTheme(link.dataset.themeChoice);
  }
});

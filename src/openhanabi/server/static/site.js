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

// The form of a new table shows only the seats the table has: a seat past the number of seats
// is hidden, and its choice not sent. Without this script every seat shows, and the server
// ignores those past the number (as the form's note says). While the number is no number of
// seats (being typed), every seat shows.
function showSeats(players) {
  const count = Number(players.value);
  const known =
    players.value !== "" &&
    Number.isInteger(count) &&
    count >= Number(players.min) &&
    count <= Number(players.max);
  for (const row of players.form.querySelectorAll("[data-seat]")) {
    const shown = !known || Number(row.dataset.seat) <= count;
    row.hidden = !shown;
    for (const control of row.querySelectorAll("select, input")) {
      control.disabled = !shown;
    }
  }
}

function seatsOfTheForm() {
  const players = document.querySelector('form[action="/tables"] #players');
  if (players && players.form) showSeats(players);
}

document.addEventListener("input", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.matches('form[action="/tables"] #players')) {
    showSeats(event.target);
  }
});
// the page's first look, and a page the browser brings back (with what was typed in it)
document.addEventListener("DOMContentLoaded", seatsOfTheForm);
window.addEventListener("pageshow", seatsOfTheForm);

// A table of class "stacked" is shown a row a block on a narrow screen (site.css): each cell
// gets its column's heading as data-label, which the style sheet shows before it, and every
// part of the table its role, which a browser may drop from a table that is not displayed as
// one. Without this script the rows are stacked all the same, without the headings.
function labelCells(root) {
  for (const table of root.querySelectorAll("table.stacked")) {
    table.setAttribute("role", "table");
    const headings = Array.from(table.querySelectorAll(":scope > thead > tr > th"), (th) =>
      th.textContent.trim(),
    );
    for (const group of table.querySelectorAll(":scope > thead, :scope > tbody")) {
      group.setAttribute("role", "rowgroup");
    }
    for (const row of table.querySelectorAll(":scope > thead > tr, :scope > tbody > tr")) {
      row.setAttribute("role", "row");
      Array.from(row.children).forEach((cell, column) => {
        if (cell.tagName === "TD") {
          cell.setAttribute("role", "cell");
          if (headings[column]) cell.dataset.label = headings[column];
        } else {
          cell.setAttribute("role", cell.scope === "row" ? "rowheader" : "columnheader");
        }
      });
    }
  }
}

document.addEventListener("DOMContentLoaded", () => labelCells(document));
// a part of the page that live.js has drawn again
document.addEventListener("live-redrawn", (event) => {
  if (event.target instanceof Element) labelCells(event.target);
});

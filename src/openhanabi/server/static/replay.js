/*
 * The replay page: steps through a finished game with every card shown.
 *
 * It fetches every frame at once from the element #replay's data-frames address
 * (replay.json: {frames, log, game_over}; frame n is the game after its first n actions, a
 * spectator's `state` message whose hands all show their cards) and shows one at a time:
 * buttons, a slider, the keys Left/Right/Home/End, and the log's own entries go to a turn;
 * the address keeps it (?turn=N) so that a turn can be linked to.
 *
 * The page counts moves made: frame n is "move n of N", "after move n: ..." (the log's n-th
 * line), and the board's header names the next move, n + 1, and whose it is. On a narrow
 * screen replay.css holds the controls and the status in a bar at the bottom of the screen.
 *
 * A frame is drawn by window.HanabiBoard (static/board.js, the live game's board, with the
 * game page's texts from #board-texts); the replay's own texts come from #texts.
 *
 * The button #replay-ask asks the server (advice.json?turn=N) what the conventions bot would
 * have done instead of the move that follows the turn shown, and why; #replay-advice says it,
 * and whether the game made the same move. Going to another turn clears it.
 */
(function () {
  "use strict";

  const root = document.getElementById("replay");
  if (!root) {
    return;
  }
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const controls = {
    first: document.getElementById("replay-first"),
    previous: document.getElementById("replay-previous"),
    next: document.getElementById("replay-next"),
    last: document.getElementById("replay-last"),
    slider: document.getElementById("replay-turn"),
  };
  const position = document.getElementById("replay-position");
  const status = document.getElementById("replay-status");
  const board = document.getElementById("replay-board");
  const logList = document.getElementById("replay-log");
  const ask = document.getElementById("replay-ask");
  const advice = document.getElementById("replay-advice");

  // The board's header says whose turn is next; here it counts moves as the controls do (the
  // next move after the first n is move n + 1), in the replay's own words, not the game page's.
  const boardTexts = JSON.parse(document.getElementById("board-texts").textContent);
  boardTexts["game.status.turn_of"] = say("replay.next_move");
  const boardT = window.HanabiBoard.translator(boardTexts);
  let replay = null; // {frames, log, game_over}
  let turn = 0;

  /** The text of `key` with its {placeholders} filled in from `params`. */
  function say(key, params) {
    const text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name)
        ? String(params[name])
        : whole;
    });
  }

  /** A new element with a class and text (both optional). */
  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) {
      element.className = className;
    }
    if (text !== undefined) {
      element.textContent = text;
    }
    return element;
  }

  /** The JSON at `path` with `params` and the page's language; rejects on an error status. */
  function fetchJson(path, params) {
    const address = new URL(path, window.location.href);
    Object.keys(params).forEach(function (name) {
      address.searchParams.set(name, params[name]);
    });
    address.searchParams.set("lang", document.documentElement.lang || "en");
    const asked = { credentials: "same-origin", headers: { Accept: "application/json" } };
    return fetch(address.toString(), asked).then(function (response) {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      return response.json();
    });
  }

  function lastTurn() {
    return replay.frames.length - 1;
  }

  function turnInAddress() {
    const asked = Number.parseInt(new URL(window.location.href).searchParams.get("turn"), 10);
    return Number.isNaN(asked) ? 0 : asked;
  }

  /** Show the game after `asked` actions (kept within the game) and keep it in the address. */
  function go(asked, keepAddress) {
    if (!replay) {
      return;
    }
    turn = Math.max(0, Math.min(lastTurn(), asked));
    // the frame's own `turn` does not count a bonus tile's choice, which is a move of the log
    const frame = Object.assign({}, replay.frames[turn], {
      log: replay.log.slice(0, turn),
      turn: turn,
    });
    draw(frame);
    showLog();
    const focused = document.activeElement;
    controls.first.disabled = controls.previous.disabled = turn === 0;
    controls.next.disabled = controls.last.disabled = turn === lastTurn();
    if (focused && focused.disabled) {
      controls.slider.focus(); // a button just disabled would drop the keyboard's place
    }
    controls.slider.value = String(turn);
    const where = say("replay.position", { turn: turn, last: lastTurn() });
    controls.slider.setAttribute("aria-valuetext", where);
    position.textContent = where;
    const said = [
      make(
        "span",
        "",
        turn === 0
          ? say("replay.at_start")
          : say("replay.after", { turn: turn, text: replay.log[turn - 1].text }),
      ),
    ];
    if (turn === lastTurn() && replay.game_over) {
      const over = replay.game_over;
      // a stopped game has no verdict: it says that it was stopped instead
      const verdict = {
        score: over.score,
        max: over.max_score,
        verdict: over.verdict || say("replay.stopped"),
      };
      said.push(make("span", "replay-over", say("replay.game_over", verdict)));
    }
    status.replaceChildren.apply(status, said);
    clearAdvice();
    if (!keepAddress) {
      const address = new URL(window.location.href);
      address.searchParams.set("turn", String(turn));
      window.history.replaceState(null, "", address.pathname + address.search + address.hash);
    }
  }

  // ------------------------------------------------------------------ the log

  function buildLog() {
    logList.replaceChildren();
    replay.log.forEach(function (line, index) {
      const item = make("li");
      const button = make("button", "replay-log-line", line.text);
      button.type = "button";
      button.dataset.turn = String(index + 1);
      button.setAttribute("aria-label", say("replay.go_to", { turn: index + 1 }) + ": " + line.text);
      item.append(button);
      if (line.explanation) {
        item.append(make("p", "replay-explanation", say("replay.explanation", { text: line.explanation })));
      }
      logList.append(item);
    });
  }

  function showLog() {
    logList.querySelectorAll("li").forEach(function (item, index) {
      const current = index === turn - 1;
      item.classList.toggle("current", current);
      item.classList.toggle("later", index >= turn);
      if (current) {
        item.setAttribute("aria-current", "step");
        showInLog(item);
      } else {
        item.removeAttribute("aria-current");
      }
    });
  }

  /** Scroll the log (and only the log, not the page) so that `item` is in sight. */
  function showInLog(item) {
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < logList.scrollTop || bottom > logList.scrollTop + logList.clientHeight) {
      logList.scrollTop = Math.max(0, top - logList.clientHeight / 2);
    }
  }

  // ------------------------------------------------------------------ the bot's advice

  let asking = 0; // the latest question: an answer to an earlier one (another turn) is dropped

  /** No advice shown; the button is on while a move follows the turn shown. */
  function clearAdvice() {
    asking += 1;
    advice.replaceChildren();
    ask.disabled = !replay || turn >= replay.log.length;
  }

  function askBot() {
    const question = ++asking;
    const asked = turn;
    ask.disabled = true;
    advice.textContent = say("replay.asking");
    fetchJson(root.dataset.advice, { turn: String(asked) })
      .then(function (answer) {
        if (question !== asking) {
          return;
        }
        advice.replaceChildren(
          make("span", "", say("replay.advice", { player: answer.player, text: answer.text })),
          make(
            "span",
            answer.same ? "replay-advice-same" : "replay-advice-other",
            " " + say(answer.same ? "replay.advice_same" : "replay.advice_other"),
          ),
        );
        ask.disabled = false;
      })
      .catch(function () {
        if (question === asking) {
          advice.textContent = say("replay.advice_failed");
          ask.disabled = false;
        }
      });
  }

  // ------------------------------------------------------------------ drawing a frame

  function draw(frame) {
    window.HanabiBoard.render(board, frame, { t: boardT });
  }

  // ------------------------------------------------------------------ controls

  function onKey(event) {
    if (!replay || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const target = event.target;
    const typing = target.closest && target.closest("input, textarea, select, [contenteditable]");
    if (typing && target !== controls.slider) {
      return;
    }
    const moves = {
      ArrowLeft: turn - 1,
      ArrowRight: turn + 1,
      Home: 0,
      End: lastTurn(),
    };
    if (!Object.prototype.hasOwnProperty.call(moves, event.key)) {
      return;
    }
    event.preventDefault(); // the slider would step as well, and the page would scroll
    go(moves[event.key]);
  }

  function start(data) {
    replay = data;
    buildLog();
    controls.slider.max = String(lastTurn());
    [controls.first, controls.previous, controls.next, controls.last, controls.slider].forEach(
      function (control) {
        control.disabled = false;
      }
    );
    controls.first.addEventListener("click", function () {
      go(0);
    });
    controls.previous.addEventListener("click", function () {
      go(turn - 1);
    });
    controls.next.addEventListener("click", function () {
      go(turn + 1);
    });
    controls.last.addEventListener("click", function () {
      go(lastTurn());
    });
    controls.slider.addEventListener("input", function () {
      go(Number.parseInt(controls.slider.value, 10));
    });
    ask.addEventListener("click", askBot);
    logList.addEventListener("click", function (event) {
      const line = event.target.closest("button[data-turn]");
      if (line) {
        go(Number.parseInt(line.dataset.turn, 10));
      }
    });
    document.addEventListener("keydown", onKey);
    window.addEventListener("popstate", function () {
      go(turnInAddress(), true);
    });
    go(turnInAddress(), true);
  }

  status.textContent = say("replay.loading");
  fetchJson(root.dataset.frames, {})
    .then(start)
    .catch(function () {
      status.textContent = say("replay.load_failed");
    });
})();

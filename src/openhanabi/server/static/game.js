/*
 * game.js: the live game page's client. It connects to /tables/<id>/socket, draws every
 * `state` with board.js (after the first whole state, each `delta` frame is applied to the state
 * before it; a frame number missing makes it ask for the whole state with a `sync`), offers the moves the state's `legal` allows, shows `error` messages
 * in an alert region, announces each new log line to screen readers, keeps the log's box at its
 * newest line (unless the reader scrolled up to older ones), shows the end screen on
 * `game_over` (and then the player's own cards, from the finished game's replay), and
 * reconnects by itself (with growing pauses) when the socket drops.
 *
 * Private to this browser, never sent: the order the player arranged their own hand in and
 * their notes on its cards (localStorage, per game and card order).
 *
 * Stable hooks (data-testid) for browser tests:
 *   hand-<seat>            a player's hand (<section>)
 *   card-<order>           a card: in a hand, on the discard pile (firework-<suitkey> for fireworks)
 *   clue-tokens, storms, draw-pile, turn (each with data-count / data-seat), game-score
 *   log                    the action log (<ol>), explanations-toggle its checkbox
 *   play, discard          act on the selected own card; declare-<suitkey>: play declaring it
 *   clue-target-<seat>     pick whom to clue
 *   clue-colour-<key>, clue-rank-<n>   pick the clue (its touched cards get class "touched")
 *   confirm, cancel        give the picked clue / choose the picked discard pile card, or not
 *   move-left, move-right, note, note-text, note-save   arrange and annotate own cards
 *   suggest, suggestion    ask the conventions bot (a player alone with bots, on turn), its answer
 *   errors, announce, connection       the alert, live and connection regions
 *   end-screen, score, verdict, end-reason   the end screen
 *
 * Flows:
 *   play or discard: click card-<order> in your own hand (hand-<your seat>; it gets
 *     aria-pressed="true"), then play (or declare-<suitkey>) or discard.
 *   clue: click clue-target-<seat> (or a card of that player), then clue-colour-<key> or
 *     clue-rank-<n>: the cards it touches in hand-<seat> get the class "touched" and the text
 *     says which slots; then confirm (or cancel).
 *   bonus tile choice: click the card-<order> on the discard pile, then confirm.
 *   the bot's suggestion: click suggest; the answer (a `suggestion` message) is said in
 *     suggestion and its move picked as above, the player still to make it.
 *
 * Keyboard: 1-9 select own card, P play, D discard, Escape cancel, [ ] move, N note,
 * E explanations, B ask the bot (alone with bots); every card and button is reachable with Tab.
 */
(function () {
  "use strict";

  const Board = window.HanabiBoard;
  const root = document.getElementById("game");
  if (!root || !Board) {
    waitForTheStart();
    return;
  }
  const h = Board.h;

  /** Before the game starts the page says so, and asks now and then whether it has: once it
   * has, the page loads again as the game (no reload before: it would interrupt a reader). */
  function waitForTheStart() {
    const waiting = document.getElementById("not-started");
    if (!waiting) return;
    const seconds = Number(waiting.dataset.waitSeconds) || 5;
    const timer = window.setInterval(function () {
      fetch(window.location.href, { credentials: "same-origin" })
        .then(function (response) {
          return response.ok ? response.text() : "";
        })
        .then(function (html) {
          if (html.indexOf('id="game"') >= 0) {
            window.clearInterval(timer);
            window.location.reload();
          }
        })
        .catch(function () {
          // the server is away: ask again at the next tick
        });
    }, seconds * 1000);
  }

  const textsElement = document.getElementById("texts");
  const t = Board.translator(JSON.parse(textsElement ? textsElement.textContent : "{}"));
  const tableId = root.dataset.table;
  const gameId = root.dataset.game;
  const boardElement = document.getElementById("board");
  const actionsElement = document.getElementById("actions");
  const logElement = document.getElementById("log");
  const errorsElement = document.getElementById("errors");
  const announceElement = document.getElementById("announce");
  const connectionElement = document.getElementById("connection");
  const endScreen = document.getElementById("end-screen");
  const explanationsToggle = document.getElementById("show-explanations");

  const PING_SECONDS = 25;
  const MAX_PAUSE_SECONDS = 30;
  const POLICY_VIOLATION = 1008;
  // the texts of a bonus tile's free clue, by the decision pending
  const FREE_CLUES = {
    free_colour_clue: { hint: "controls.free_colour_clue", pick: "controls.pick_colour" },
    free_rank_clue: { hint: "controls.free_rank_clue", pick: "controls.pick_rank" },
  };

  const ui = {
    state: null,
    over: null,
    selected: null, // the order of the selected own card
    clueTarget: null, // the seat picked for a clue
    clue: null, // the picked clue option of state.legal.clues
    chosen: null, // the picked discard pile card of a bonus tile's choice
    noteOpen: false,
    noteDraft: null, // the note being typed: kept when a new state redraws the page
    logLength: null, // log lines already announced
    endShown: false,
    seq: null, // the number of the last state or delta frame applied
    syncing: false, // a frame went missing: the whole state has been asked for
    suggestion: null, // the bot's suggestion: { actions, text, asking } for the state it is for
    shown: null, // once the game is over: { actions, cards: {order: card} } of the own hand
    showing: false, // the finished game's own cards are being fetched
    movedAt: null, // state.actions when this page last sent a move: one move a state
  };
  // a player alone with bots may ask the conventions bot what it would do in their seat
  const canSuggest = root.dataset.suggest === "1";

  // ------------------------------------------------------------------ private storage

  function storageKey() {
    const seat = ui.state && ui.state.seat !== null ? ui.state.seat : "watch";
    return "openhanabi.game." + gameId + ".seat." + seat;
  }

  function loadPrivate() {
    try {
      const stored = JSON.parse(window.localStorage.getItem(storageKey()) || "{}");
      return { order: Array.isArray(stored.order) ? stored.order : [], notes: stored.notes || {} };
    } catch (problem) {
      return { order: [], notes: {} };
    }
  }

  function savePrivate(data) {
    try {
      window.localStorage.setItem(storageKey(), JSON.stringify(data));
    } catch (problem) {
      // storage full or forbidden: the arrangement lasts until the page closes
    }
  }

  // ------------------------------------------------------------------ reading the state

  function myTurn() {
    const state = ui.state;
    return Boolean(
      state && state.seat !== null && !state.outcome && state.seat_on_turn === state.seat && state.legal,
    );
  }

  function ownHand() {
    const state = ui.state;
    if (!state || state.seat === null) return [];
    return Board.arranged(state.hands[state.seat] || [], loadPrivate().order);
  }

  function displayedSlot(order) {
    const index = ownHand().findIndex(function (entry) {
      return entry.order === order;
    });
    return index + 1;
  }

  function nameOf(seat) {
    return Board.playerName(ui.state, seat, t);
  }

  function suitByKey(key) {
    return ui.state.variant.suits.find(function (suit) {
      return suit.key === key;
    });
  }

  function cluesFor(seat) {
    return ((ui.state.legal && ui.state.legal.clues) || []).filter(function (clue) {
      return clue.target === seat;
    });
  }

  /** Whether two clue options name the same clue (a state sent again has new objects). */
  function sameClue(a, b) {
    return Boolean(a && b && a.target === b.target && a.colour === b.colour && a.rank === b.rank);
  }

  function touchedOrders() {
    if (!ui.clue) return [];
    const hand = ui.state.hands[ui.clue.target] || [];
    return ui.clue.touches.map(function (slot) {
      return hand[slot - 1] && hand[slot - 1].order;
    });
  }

  // ------------------------------------------------------------------ the own cards, at the end

  /** ``state`` with the faces of the viewer's own cards once the game is over and they have
   * come (showOwnCards); else ``state`` itself. The state is not changed: a copy is drawn. */
  function withOwnCards(state) {
    const shown = ui.shown;
    if (!state || !state.outcome || state.seat === null || !shown || shown.actions !== state.actions) {
      return state;
    }
    const hands = state.hands.slice();
    hands[state.seat] = (hands[state.seat] || []).map(function (entry) {
      const card = shown.cards[entry.order];
      return card && !entry.card ? Object.assign({}, entry, { card: card }) : entry;
    });
    return Object.assign({}, state, { hands: hands });
  }

  /** Once the game is over, the faces of the player's own cards. A player's state never holds
   * them (the server sends none, even at the end); a finished game's replay shows every hand to
   * anyone (the server refuses it while the game is played), so its frame after the game's last
   * action gives them. A few tries: nothing is shown if none succeeds. */
  function showOwnCards(tries) {
    const state = ui.state;
    if (!state || !state.outcome || state.seat === null || ui.showing) return;
    if (ui.shown && ui.shown.actions === state.actions) return;
    const actions = state.actions;
    const seat = state.seat;
    ui.showing = true;
    fetch("/games/" + gameId + "/replay.json?turn=" + actions, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (frame) {
        ui.showing = false;
        const cards = {};
        for (const entry of (frame.hands && frame.hands[seat]) || []) {
          if (entry.card) cards[entry.order] = entry.card;
        }
        ui.shown = { actions: actions, cards: cards };
        draw();
      })
      .catch(function () {
        ui.showing = false;
        if (tries > 1) {
          window.setTimeout(function () {
            showOwnCards(tries - 1);
          }, 1000);
        }
      });
  }

  // ------------------------------------------------------------------ drawing

  function draw() {
    const state = withOwnCards(ui.state);
    if (!state) return;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.testid
      : null;
    const stored = loadPrivate();
    const interactive = state.seat !== null && !state.outcome;
    Board.render(boardElement, state, {
      t: t,
      ownOrder: stored.order,
      notes: stored.notes,
      selected: ui.selected,
      highlight: touchedOrders(),
      choosable: myTurn() ? state.legal.choices : [],
      chosen: ui.chosen,
      onCard: interactive ? onCard : null,
      onChoose: myTurn() ? onChoose : null,
    });
    drawActions();
    drawLog();
    if (focused) {
      const again = root.querySelector('[data-testid="' + focused + '"]');
      if (again && again !== document.activeElement) {
        again.focus();
        if (again.tagName === "INPUT") again.setSelectionRange(again.value.length, again.value.length);
      }
      // The button just pressed is gone with the move it made: the turn line says what now.
      if (!again && root.contains(document.activeElement) === false) focusTestid("turn");
    }
  }

  // how close to its end (CSS pixels) the log counts as read to the end: it then follows
  const LOG_END_SLACK = 24;

  /** The log, drawn anew. It follows the newest line when the reader was at its end (or it
   * was never drawn): a reader who scrolled up to older lines keeps their place. Only the log's
   * own box scrolls, never the page. */
  function drawLog() {
    const drawn = logElement.childElementCount > 0;
    const top = logElement.scrollTop;
    const atEnd = !drawn || logElement.scrollHeight - top - logElement.clientHeight <= LOG_END_SLACK;
    Board.renderLog(logElement, ui.state, { t: t, showExplanations: explanationsToggle.checked });
    logElement.scrollTop = atEnd ? logElement.scrollHeight : top;
  }

  function button(testid, text, onclick, extra) {
    return h("button", Object.assign({ type: "button", "data-testid": testid, onclick: onclick, text: text }, extra || {}));
  }

  function drawActions() {
    const state = ui.state;
    const parts = [];
    if (state.outcome) {
      actionsElement.replaceChildren();
      return;
    }
    if (state.seat === null) {
      actionsElement.replaceChildren(h("p", { text: t("controls.spectator") }));
      return;
    }
    if (!myTurn()) {
      parts.push(h("p", { class: "waiting", text: t("controls.waiting", { name: nameOf(state.seat_on_turn) }) }));
    }
    if (myTurn() && canSuggest) parts.push(suggestionPanel());
    parts.push(ownCardPanel());
    if (myTurn()) {
      if (state.legal.choices.length) parts.push(choicePanel());
      else parts.push(cluePanel());
    }
    actionsElement.replaceChildren.apply(actionsElement, parts);
  }

  /** The button that asks the conventions bot, and its answer for the state shown. */
  function suggestionPanel() {
    const asked = ui.suggestion && ui.suggestion.actions === ui.state.actions ? ui.suggestion : null;
    const panel = h("div", { class: "panel suggest" }, [
      button("suggest", t("controls.suggest"), askBot, { disabled: Boolean(asked && asked.asking) }),
    ]);
    // announced once when it comes (onSuggestion), not at every redraw of the panel
    if (asked) panel.append(h("p", { class: "suggestion", "data-testid": "suggestion", text: asked.text }));
    return panel;
  }

  function ownCardPanel() {
    const state = ui.state;
    const legal = state.legal || {};
    const selected = ui.selected !== null;
    const panel = h("div", { class: "panel own-card" }, [h("h3", { text: t("controls.your_card") })]);
    panel.append(
      h("p", {
        id: "own-card-help",
        text: selected
          ? t("controls.selected", { slot: displayedSlot(ui.selected) })
          : t(myTurn() && state.pending ? "controls.select_card_deciding" : "controls.select_card"),
      }),
    );
    const row = h("div", { class: "buttons" });
    if (myTurn() && legal.play) {
      row.append(button("play", t("controls.play"), play, { disabled: !selected, "aria-describedby": "own-card-help" }));
      if (legal.declare) {
        for (const suit of state.variant.suits) {
          row.append(
            button("declare-" + suit.key, Board.symbolOf(suit.key) + " " + t("controls.declare", { suit: suit.name }), function () {
              play(suit.key);
            }, { disabled: !selected, "data-suit": suit.key.replace(/-\d+$/, ""), class: "declare" }),
          );
        }
      }
    }
    if (myTurn() && legal.discard) {
      row.append(button("discard", t("controls.discard"), discard, { disabled: !selected, "aria-describedby": "own-card-help" }));
    }
    if (selected) {
      row.append(button("move-left", t("controls.move_left"), function () { move(-1); }));
      row.append(button("move-right", t("controls.move_right"), function () { move(1); }));
      row.append(button("note", t("controls.note"), toggleNote, { "aria-expanded": ui.noteOpen ? "true" : "false" }));
    }
    panel.append(row);
    if (myTurn() && legal.play && !legal.discard && !state.pending) {
      panel.append(h("p", { class: "hint", text: t("controls.no_discard") }));
    }
    if (selected && ui.noteOpen) panel.append(noteForm());
    return panel;
  }

  function noteForm() {
    const notes = loadPrivate().notes;
    const input = h("input", {
      id: "note-text",
      type: "text",
      maxlength: "40",
      "data-testid": "note-text",
      value: ui.noteDraft !== null ? ui.noteDraft : notes[ui.selected] || "",
    });
    input.addEventListener("input", function () {
      ui.noteDraft = input.value;
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        saveNote(input.value);
      }
    });
    return h("div", { class: "note-form" }, [
      h("label", { for: "note-text", text: t("controls.note_label", { slot: displayedSlot(ui.selected) }) }),
      input,
      button("note-save", t("controls.note_save"), function () {
        saveNote(input.value);
      }),
    ]);
  }

  function cluePanel() {
    const state = ui.state;
    const panel = h("div", { class: "panel clue" }, [h("h3", { text: t("controls.clue") })]);
    const clues = state.legal.clues;
    if (!clues.length) {
      panel.append(h("p", { text: t("controls.no_clues") }));
      return panel;
    }
    // a bonus tile's free clue is of one kind: the texts name it
    const free = FREE_CLUES[state.pending] || null;
    if (free) panel.append(h("p", { class: "hint", text: t(free.hint) }));
    const targets = [];
    for (const clue of clues) if (targets.indexOf(clue.target) < 0) targets.push(clue.target);
    const count = state.players.length;
    targets.sort(function (a, b) {
      return ((a - state.seat + count) % count) - ((b - state.seat + count) % count);
    });
    panel.append(h("p", { id: "clue-help", text: ui.clueTarget === null ? t("controls.pick_target") : t(free ? free.pick : "controls.pick_clue", { name: nameOf(ui.clueTarget) }) }));
    panel.append(
      h(
        "div",
        { class: "buttons targets", role: "group", "aria-label": t("controls.clue") },
        targets.map(function (seat) {
          return button("clue-target-" + seat, t("controls.clue_to", { name: nameOf(seat) }), function () {
            pickTarget(seat);
          }, { "aria-pressed": ui.clueTarget === seat ? "true" : "false" });
        }),
      ),
    );
    if (ui.clueTarget !== null) {
      const options = cluesFor(ui.clueTarget);
      const colours = options.filter(function (clue) { return clue.colour !== undefined; });
      const ranks = options.filter(function (clue) { return clue.rank !== undefined; });
      const row = h("div", { class: "buttons clue-options", role: "group", "aria-labelledby": "clue-help" });
      for (const clue of colours.concat(ranks)) {
        const picked = sameClue(ui.clue, clue);
        let testid;
        let text;
        let label;
        let extra = {};
        if (clue.colour !== undefined) {
          const suit = suitByKey(clue.colour) || { key: clue.colour, name: clue.colour, letter: "" };
          testid = "clue-colour-" + clue.colour;
          text = Board.symbolOf(suit.key) + " " + t("controls.clue_colour", { colour: suit.name });
          label = t("controls.clue_colour_label", { colour: suit.name });
          extra = { class: "colour", "data-suit": suit.key.replace(/-\d+$/, "") };
        } else {
          testid = "clue-rank-" + clue.rank;
          text = t("controls.clue_rank", { rank: clue.rank });
          label = t("controls.clue_rank_label", { rank: clue.rank });
          extra = { class: "rank" };
        }
        row.append(
          button(testid, text, function () {
            pickClue(clue);
          }, Object.assign(extra, { "aria-pressed": picked ? "true" : "false", "aria-label": label })),
        );
      }
      panel.append(row);
    }
    if (ui.clue) {
      const name = nameOf(ui.clue.target);
      const slots = ui.clue.touches;
      panel.append(
        h("p", {
          class: "touches",
          "data-testid": "clue-touches",
          text: t(
            slots.length === 0 ? "controls.clue_touches_none" : slots.length === 1 ? "controls.clue_touches_one" : "controls.clue_touches",
            { name: name, slots: slots.join(t("list.and")) },
          ),
        }),
      );
      panel.append(confirmRow(giveClue));
    }
    return panel;
  }

  function choicePanel() {
    const state = ui.state;
    const key = state.pending === "reshuffle" ? "controls.choose_reshuffle" : state.pending === "play_from_discard" ? "controls.choose_play" : "controls.choose";
    const panel = h("div", { class: "panel choice" }, [h("h3", { text: t("controls.choose_card") }), h("p", { text: t(key) })]);
    if (ui.chosen !== null) {
      const entry = state.discard_pile.find(function (card) {
        return card.order === ui.chosen;
      });
      panel.append(h("p", { text: t("controls.chosen", { card: entry ? entry.card.label : "" }) }));
      panel.append(confirmRow(choose));
    }
    return panel;
  }

  function confirmRow(onConfirm) {
    return h("div", { class: "buttons" }, [
      button("confirm", t("controls.confirm"), onConfirm, { class: "confirm" }),
      button("cancel", t("controls.cancel"), cancel),
    ]);
  }

  // ------------------------------------------------------------------ what the player does

  function onCard(seat, order) {
    const state = ui.state;
    if (seat === state.seat) {
      ui.selected = ui.selected === order ? null : order;
      ui.noteOpen = false;
      ui.noteDraft = null;
    } else if (myTurn() && cluesFor(seat).length) {
      pickTarget(seat);
      return;
    }
    draw();
  }

  function onChoose(order) {
    ui.chosen = ui.chosen === order ? null : order;
    draw();
    focusTestid("confirm");
  }

  function pickTarget(seat) {
    ui.clueTarget = seat;
    ui.clue = null;
    draw();
  }

  function pickClue(clue) {
    ui.clue = clue;
    draw();
  }

  function cancel() {
    ui.clueTarget = null;
    ui.clue = null;
    ui.chosen = null;
    draw();
  }

  function play(declare) {
    // the P key while a bonus tile's decision is pending: no play is legal, nothing is sent
    if (ui.selected === null || !myTurn() || !ui.state.legal.play) return;
    const message = { type: "play", order: ui.selected };
    if (typeof declare === "string") message.declare = declare;
    makeMove(message);
  }

  function discard() {
    if (ui.selected === null || !myTurn() || !ui.state.legal.discard) return;
    makeMove({ type: "discard", order: ui.selected });
  }

  function giveClue() {
    const clue = ui.clue;
    if (!clue) return;
    const message = { type: "clue", target: clue.target };
    if (clue.colour !== undefined) message.colour = clue.colour;
    else message.rank = clue.rank;
    makeMove(message);
  }

  function choose() {
    if (ui.chosen === null) return;
    makeMove({ type: "choose", order: ui.chosen });
  }

  /** Sends a move, unless one was sent for this very state: a double click on Play would
   * otherwise send the play twice, and the second be refused as out of turn. */
  function makeMove(message) {
    if (ui.movedAt === ui.state.actions) return;
    if (send(message)) ui.movedAt = ui.state.actions;
  }

  function askBot() {
    if (!myTurn() || !canSuggest) return;
    ui.suggestion = { actions: ui.state.actions, text: t("controls.suggesting"), asking: true };
    send({ type: "suggest" });
    draw();
  }

  /** The bot's answer: said, and its move picked as the player would pick it (nothing is sent:
   * the player makes the move, or another). An answer for an earlier state is dropped. */
  function onSuggestion(message) {
    if (!ui.state || message.actions !== ui.state.actions) return;
    ui.suggestion = { actions: message.actions, text: t("controls.suggestion", { text: message.text }) };
    announceElement.textContent = ui.suggestion.text;
    const move = message.move || {};
    resetMove();
    if (move.type === "play" || move.type === "discard") {
      ui.selected = move.order;
      ui.noteOpen = false;
      ui.noteDraft = null;
    } else if (move.type === "clue") {
      ui.selected = null;
      ui.clueTarget = move.target;
      ui.clue = cluesFor(move.target).find(function (clue) { return sameClue(clue, move); }) || null;
    } else if (move.type === "choose") {
      ui.chosen = move.order;
    }
    draw();
  }

  function move(step) {
    const orders = ownHand().map(function (entry) {
      return entry.order;
    });
    const index = orders.indexOf(ui.selected);
    const to = index + step;
    if (index < 0 || to < 0 || to >= orders.length) return;
    orders[index] = orders[to];
    orders[to] = ui.selected;
    const stored = loadPrivate();
    stored.order = orders;
    savePrivate(stored);
    draw();
  }

  function toggleNote() {
    ui.noteOpen = !ui.noteOpen;
    ui.noteDraft = null;
    draw();
    if (ui.noteOpen) focusTestid("note-text");
  }

  function saveNote(text) {
    const stored = loadPrivate();
    const note = text.trim().slice(0, 40);
    if (note) stored.notes[ui.selected] = note;
    else delete stored.notes[ui.selected];
    savePrivate(stored);
    ui.noteOpen = false;
    ui.noteDraft = null;
    draw();
    focusTestid("card-" + ui.selected);
  }

  function focusTestid(testid) {
    const element = root.querySelector('[data-testid="' + testid + '"]');
    if (element) element.focus();
  }

  /** Forget the move being prepared (a new action changed what is legal); a note being
   * written stays open. */
  function resetMove() {
    ui.clueTarget = null;
    ui.clue = null;
    ui.chosen = null;
  }

  // ------------------------------------------------------------------ keyboard

  /** Whether keys pressed in ``element`` are text being typed (not shortcuts). */
  function typing(element) {
    if (!element) return false;
    if (element.tagName === "TEXTAREA" || element.tagName === "SELECT" || element.isContentEditable) return true;
    return element.tagName === "INPUT" && ["checkbox", "radio", "button", "submit"].indexOf(element.type) < 0;
  }

  document.addEventListener("keydown", function (event) {
    if (!ui.state || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (typing(target)) {
      if (event.key === "Escape" && target.id === "note-text") {
        ui.noteOpen = false;
        draw();
        focusTestid("note");
      }
      return;
    }
    const key = event.key;
    if (/^[1-9]$/.test(key)) {
      const entry = ownHand()[Number(key) - 1];
      if (!entry) return;
      ui.selected = entry.order;
      ui.noteOpen = false;
      ui.noteDraft = null;
      draw();
      focusTestid("card-" + entry.order);
    } else if (key === "p" || key === "P") {
      play();
    } else if (key === "d" || key === "D") {
      discard();
    } else if (key === "Escape") {
      cancel();
    } else if (key === "[") {
      move(-1);
      if (ui.selected !== null) focusTestid("card-" + ui.selected);
    } else if (key === "]") {
      move(1);
      if (ui.selected !== null) focusTestid("card-" + ui.selected);
    } else if ((key === "n" || key === "N") && ui.selected !== null) {
      event.preventDefault(); // the N must not land in the note field about to open
      toggleNote();
    } else if ((key === "b" || key === "B") && canSuggest) {
      askBot();
    } else if (key === "e" || key === "E") {
      explanationsToggle.checked = !explanationsToggle.checked;
      explanationsToggle.dispatchEvent(new Event("change"));
    } else {
      return;
    }
  });

  explanationsToggle.checked = window.localStorage && window.localStorage.getItem("openhanabi.explanations") === "1";
  explanationsToggle.addEventListener("change", function () {
    try {
      window.localStorage.setItem("openhanabi.explanations", explanationsToggle.checked ? "1" : "0");
    } catch (problem) {
      // not remembered: the choice still holds on this page
    }
    if (ui.state) drawLog();
  });

  // ------------------------------------------------------------------ messages

  function onState(state) {
    const previous = ui.state;
    ui.state = state;
    if (!previous || previous.actions !== state.actions) {
      resetMove();
      errorsElement.textContent = "";
    }
    const inHand = (state.seat !== null ? state.hands[state.seat] : []).some(function (entry) {
      return entry.order === ui.selected;
    });
    if (!inHand) {
      ui.selected = null;
      ui.noteOpen = false;
      ui.noteDraft = null;
    }
    announce(state);
    draw();
    if (state.outcome) showOwnCards(3);
  }

  function announce(state) {
    const lines = state.log;
    if (ui.logLength !== null && lines.length > ui.logLength) {
      announceElement.textContent = lines
        .slice(ui.logLength)
        .map(function (line) {
          return line.text;
        })
        .join(". ");
    }
    ui.logLength = lines.length;
  }

  function onGameOver(message) {
    ui.over = message;
    const score = endScreen.querySelector('[data-testid="score"]');
    // a stopped game has no score (the reason below says so): what its fireworks held is said
    // as just that, not as a score
    const stopped = message.reason === "abandoned";
    score.classList.toggle("stopped", stopped);
    const points = ui.state ? ui.state.score : 0;
    score.textContent = stopped
      ? t(points === 1 ? "end.stopped_one" : "end.stopped", { count: points })
      : t("end.score", { score: message.score, max: message.max_score });
    endScreen.querySelector('[data-testid="verdict"]').textContent = message.verdict;
    const reasonKey = "end.reason." + message.reason;
    const reason = t(reasonKey);
    endScreen.querySelector('[data-testid="end-reason"]').textContent = reason === reasonKey ? message.detail : reason;
    endScreen.hidden = false;
    document.getElementById("controls").hidden = true; // nothing is left to do
    if (!ui.endShown) {
      ui.endShown = true;
      document.getElementById("end-title").focus();
    }
  }

  /** A delta frame: the state before it with the changed fields and the log's new lines; if a
   * frame is missing, the deltas wait for the whole state, asked for once. */
  function onDelta(change) {
    if (!ui.state || change.seq !== ui.seq + 1) {
      if (!ui.syncing && socket && socket.readyState === WebSocket.OPEN) {
        ui.syncing = true;
        socket.send('{"type":"sync"}');
      }
      return;
    }
    const state = Object.assign({}, ui.state, change.changed);
    state.log = ui.state.log.slice(0, change.log_from).concat(change.log);
    ui.seq = change.seq;
    onState(state);
  }

  function onMessage(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (problem) {
      return;
    }
    if (message.type === "state") {
      ui.seq = message.seq;
      ui.syncing = false;
      ui.movedAt = null; // a whole state comes on (re)connecting: a move sent before may be lost
      onState(message);
    } else if (message.type === "delta") onDelta(message);
    else if (message.type === "game_over") onGameOver(message);
    else if (message.type === "suggestion") onSuggestion(message);
    else if (message.type === "error") {
      ui.movedAt = null; // a refused move changed nothing: the player may make another
      errorsElement.textContent = t("game.error", { message: message.message });
      if (ui.suggestion && ui.suggestion.asking) {
        ui.suggestion = null; // the question was refused: the error says why
        draw();
      }
    }
  }

  // ------------------------------------------------------------------ the socket

  let socket = null;
  let attempts = 0;
  let pinger = null;

  function socketUrl() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const lang = encodeURIComponent(document.documentElement.lang || "en");
    return scheme + "//" + window.location.host + "/tables/" + tableId + "/socket?lang=" + lang;
  }

  /** Whether ``message`` went out: not while the socket is closed, which the page says. */
  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      errorsElement.textContent = t("connection.offline");
      return false;
    }
    errorsElement.textContent = "";
    socket.send(JSON.stringify(message));
    return true;
  }

  function connect() {
    connectionElement.textContent = t("connection.connecting");
    socket = new WebSocket(socketUrl());
    socket.addEventListener("open", function () {
      attempts = 0;
      connectionElement.textContent = t("connection.open");
      pinger = window.setInterval(function () {
        if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      }, PING_SECONDS * 1000);
    });
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", function (event) {
      window.clearInterval(pinger);
      socket = null;
      if (event.code === POLICY_VIOLATION) {
        connectionElement.textContent = t("connection.refused", { reason: event.reason || "" });
        return;
      }
      if (ui.over) return; // nothing more will happen at this table
      // Pauses of 1, 2, 4 … 30 seconds, a little random so that a restarted server is not
      // met by every browser at the same moment.
      const pause = Math.min(MAX_PAUSE_SECONDS, Math.pow(2, attempts)) * (0.8 + Math.random() * 0.4);
      attempts += 1;
      connectionElement.textContent = t("connection.lost", { seconds: Math.round(pause) });
      window.setTimeout(connect, pause * 1000);
    });
  }

  // A player may end the game with no score at any turn (a table whose player has gone for
  // good would otherwise wait for ever); the browser asks first, as it cannot be undone.
  const stopButton = document.getElementById("stop-game");
  if (stopButton) {
    stopButton.addEventListener("click", function () {
      if (window.confirm(t("controls.stop_confirm"))) send({ type: "stop" });
    });
  }

  connect();
})();

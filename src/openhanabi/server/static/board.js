/*
 * board.js: draws a game's `state` message (see openhanabi.server.protocol.render_state) as
 * DOM. A pure renderer: a state and options in, elements out; it opens no socket, stores
 * nothing and sends nothing, so the live game page (game.js) and a replay viewer share it.
 *
 *   HanabiBoard.translator(catalogue)          -> t(key, params): texts with {placeholders}
 *   HanabiBoard.render(root, state, options)   draws status, fireworks, hands, discard pile
 *   HanabiBoard.renderLog(list, state, options) draws the action log into an <ol>
 *
 * options (all optional but `t`):
 *   t            the translator
 *   ownOrder     the viewer's own hand in the order they arranged it (card orders)
 *   notes        {order: text}: the viewer's private notes on their own cards
 *   selected     the order of the viewer's selected own card
 *   highlight    card orders a clue being prepared would touch
 *   choosable    orders of discard pile cards a bonus tile lets the viewer choose
 *   chosen       the chosen one of them
 *   onCard(seat, order)  makes every hand's card a button (none: cards are only focusable)
 *   onChoose(order)      makes choosable discard pile cards buttons
 *   showExplanations     (renderLog) show the bots' explanations
 *
 * A state where every hand shows its cards (a spectator's or a replay's) draws every face; a
 * player's own cards have no `card` in their state and are drawn as backs with what the player
 * knows: clue marks, the identities still possible, their notes. Once the game is over the
 * live page gives them their `card` (from the finished game's replay) and they show their faces.
 */
(function () {
  "use strict";

  // A symbol per suit besides its colour and letter, so that no card relies on colour alone.
  const SYMBOLS = {
    red: "\u25B2", // ▲
    yellow: "\u2605", // ★
    green: "\u25C6", // ◆
    blue: "\u25CF", // ●
    white: "\u25CB", // ○
    multicolor: "\u2726", // ✦
    rainbow: "\u2740", // ❀
    "black-powder": "\u2739", // ✹
  };

  /** The base suit of a key ("rainbow-5" draws as "rainbow"). */
  function baseSuit(key) {
    return key.replace(/-\d+$/, "");
  }

  function symbolOf(key) {
    return SYMBOLS[baseSuit(key)] || "\u25A0";
  }

  function translator(catalogue) {
    const texts = catalogue || {};
    return function t(key, params) {
      let text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
      if (params) {
        text = text.replace(/\{([\w ]+)\}/g, function (whole, name) {
          return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
        });
      }
      return text;
    };
  }

  /** Whether ``state`` is of a game a player stopped before its end: it has no score. */
  function stopped(state) {
    return Boolean(state.outcome && state.outcome.reason === "abandoned");
  }

  /** An element: h("li", {class: "x", "data-testid": "y"}, [children or strings]). */
  function h(tag, attributes, children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") element.textContent = value;
      else if (name === "onclick") element.addEventListener("click", value);
      else element.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children || []) {
      if (child === null || child === undefined) continue;
      element.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return element;
  }

  /** Everything the renderer derives from one state: suits by key and letter, names. */
  function context(state, options) {
    const t = options.t || translator({});
    const suits = state.variant.suits;
    const byKey = {};
    const byLetter = {};
    suits.forEach(function (suit, index) {
      byKey[suit.key] = Object.assign({ index: index }, suit);
      byLetter[suit.letter] = byKey[suit.key];
    });
    return { t: t, state: state, options: options, suits: suits, byKey: byKey, byLetter: byLetter };
  }

  function nameOf(ctx, seat) {
    return playerName(ctx.state, seat, ctx.t);
  }

  /** A player's name; with their seat when two players share it (two bots of one kind). */
  function playerName(state, seat, t) {
    const name = state.players[seat];
    if (name === undefined) return String(seat + 1);
    const shared = state.players.filter(function (other) {
      return other === name;
    }).length;
    return shared > 1 ? t("player.seat", { name: name, seat: seat + 1 }) : name;
  }

  function join(ctx, parts) {
    return parts.join(ctx.t("list.and"));
  }

  /** "R3" -> "Red 3" in the viewer's language. */
  function identityLabel(ctx, name) {
    const match = /^(.+?)(\d+)$/.exec(name);
    const suit = match && ctx.byLetter[match[1]];
    if (!suit) return name;
    return ctx.t("card.label", { suit: suit.name, rank: match[2] });
  }

  function clueWords(ctx, marks) {
    return marks
      .filter(function (mark) {
        return mark.touched;
      })
      .map(function (mark) {
        if (mark.kind === "rank") return String(mark.value);
        const suit = ctx.byKey[mark.value];
        return suit ? suit.name : String(mark.value);
      })
      .filter(function (word, index, words) {
        return words.indexOf(word) === index;
      });
  }

  function possibleWords(ctx, possible) {
    if (possible.length <= 10) {
      return join(
        ctx,
        possible.map(function (name) {
          return identityLabel(ctx, name);
        }),
      );
    }
    // Too many to list one by one: the suits (in the variant's order) and the ranks possible.
    const split = splitIdentities(ctx, possible);
    const suits = split.letters.map(function (letter) {
      return ctx.byLetter[letter] ? ctx.byLetter[letter].name : letter;
    });
    return join(ctx, suits) + "; " + join(ctx, split.ranks);
  }

  /** What the holder knows of one of their own cards, in words for its aria-label. */
  function knowledgeWords(ctx, entry, note) {
    const clues = clueWords(ctx, entry.clues || []);
    const parts = [
      clues.length ? ctx.t("card.clued", { clues: join(ctx, clues) }) : ctx.t("card.not_clued"),
    ];
    if (entry.possible && entry.possible.length) {
      parts.push(ctx.t("card.could_be", { cards: possibleWords(ctx, entry.possible) }));
    }
    if (note) parts.push(ctx.t("card.note", { note: note }));
    return parts.join(", ");
  }

  function face(card, ctx) {
    const suit = ctx.suits[card.suit];
    return [
      h("span", { class: "card-rank", "aria-hidden": "true", text: String(card.rank) }),
      h("span", { class: "card-suit", "aria-hidden": "true" }, [
        h("span", { class: "card-symbol", text: symbolOf(suit.key) }),
        h("span", { class: "card-letter", text: suit.letter }),
      ]),
    ];
  }

  function clueChips(ctx, marks) {
    const chips = [];
    const seen = {};
    for (const mark of marks || []) {
      if (!mark.touched || seen[mark.kind + mark.value]) continue;
      seen[mark.kind + mark.value] = true;
      if (mark.kind === "rank") {
        chips.push(h("span", { class: "clue-chip rank", text: String(mark.value) }));
      } else {
        const suit = ctx.byKey[mark.value] || { key: String(mark.value), letter: "?" };
        chips.push(
          h("span", {
            class: "clue-chip colour",
            "data-suit": baseSuit(suit.key),
            text: symbolOf(suit.key) + suit.letter,
          }),
        );
      }
    }
    return chips.length ? h("span", { class: "card-marks", "aria-hidden": "true" }, chips) : null;
  }

  /** The suit letters (in the variant's order) and the ranks of identities such as "R3". */
  function splitIdentities(ctx, possible) {
    const letters = [];
    const ranks = [];
    for (const name of possible || []) {
      const match = /^(.+?)(\d+)$/.exec(name);
      if (!match) continue;
      if (letters.indexOf(match[1]) < 0) letters.push(match[1]);
      if (ranks.indexOf(match[2]) < 0) ranks.push(match[2]);
    }
    const position = function (letter) {
      return ctx.byLetter[letter] ? ctx.byLetter[letter].index : ctx.suits.length;
    };
    letters.sort(function (a, b) {
      return position(a) - position(b);
    });
    ranks.sort();
    return { letters: letters, ranks: ranks };
  }

  /** Short text of what is possible: "RY 12" (letters, then ranks). */
  function possibleShort(ctx, possible) {
    const split = splitIdentities(ctx, possible);
    return split.letters.join("") + " " + split.ranks.join("");
  }

  /** One card of a hand: a face (someone else's card, any card for a spectator, or the
   * viewer's own once the game is over) or a back. */
  function handCard(ctx, seat, entry, slot) {
    const options = ctx.options;
    const own = !entry.card;
    const mine = seat === ctx.state.seat;
    const note = mine && options.notes ? options.notes[entry.order] : "";
    const name = nameOf(ctx, seat);
    let label;
    if (own) {
      label = ctx.t("card.own", { slot: slot, knowledge: knowledgeWords(ctx, entry, note) });
    } else if (mine) {
      label = ctx.t("card.own_shown", { slot: slot, card: entry.card.label });
      if (note) label += ", " + ctx.t("card.note", { note: note });
    } else {
      const key = ctx.state.seat === null ? "card.spectated" : "card.other";
      label = ctx.t(key, { name: name, slot: slot, card: entry.card.label });
      const clues = clueWords(ctx, entry.clues || []);
      if (clues.length) label += ", " + ctx.t("card.clued", { clues: join(ctx, clues) });
    }
    const highlighted = (options.highlight || []).indexOf(entry.order) >= 0;
    const selected = options.selected === entry.order;
    if (highlighted) label += " (" + ctx.t("card.touched_by_clue") + ")";
    const classes = ["card", own ? "back" : "face"];
    if (entry.touched) classes.push("clued");
    if (highlighted) classes.push("touched");
    if (selected) classes.push("selected");
    const attributes = {
      class: classes.join(" "),
      "data-testid": "card-" + entry.order,
      "data-order": entry.order,
      "data-slot": slot,
      "data-suit": own ? null : baseSuit(ctx.suits[entry.card.suit].key),
      "data-rank": own ? null : entry.card.rank,
      "aria-label": label,
      title: label,
    };
    let children;
    if (own) {
      // A card whose identity the clues pinned down shows it, still on its back.
      const known = entry.possible && entry.possible.length === 1;
      if (known) classes.push("known");
      attributes.class = classes.join(" ");
      children = [
        h("span", {
          class: "card-back",
          "aria-hidden": "true",
          text: known ? entry.possible[0] : ctx.t("card.back"),
        }),
        h("span", { class: "card-possible", "aria-hidden": "true", text: possibleShort(ctx, entry.possible) }),
        note ? h("span", { class: "card-note", "aria-hidden": "true", text: note }) : null,
      ];
    } else {
      children = face(entry.card, ctx);
    }
    children.push(clueChips(ctx, entry.clues));
    let element;
    if (options.onCard) {
      attributes.type = "button";
      if (own) attributes["aria-pressed"] = selected ? "true" : "false";
      element = h("button", attributes, children);
      element.addEventListener("click", function () {
        options.onCard(seat, entry.order);
      });
    } else {
      attributes.tabindex = "0";
      attributes.role = "img";
      element = h("span", attributes, children);
    }
    return h("li", {}, [element]);
  }

  /** The viewer's own hand in the order they arranged it; new cards first, like the server. */
  function arranged(hand, ownOrder) {
    if (!ownOrder || !ownOrder.length) return hand.slice();
    const byOrder = {};
    hand.forEach(function (entry) {
      byOrder[entry.order] = entry;
    });
    const kept = ownOrder.filter(function (order) {
      return byOrder[order] !== undefined;
    });
    const fresh = hand.filter(function (entry) {
      return kept.indexOf(entry.order) < 0;
    });
    return fresh.concat(
      kept.map(function (order) {
        return byOrder[order];
      }),
    );
  }

  function seatsInOrder(state) {
    const count = state.players.length;
    if (state.seat === null || state.seat === undefined) {
      return Array.from({ length: count }, function (_, seat) {
        return seat;
      });
    }
    // The others in turn order after the viewer, then the viewer's own hand: as at a table.
    return Array.from({ length: count }, function (_, index) {
      return (state.seat + 1 + index) % count;
    });
  }

  function hands(ctx) {
    const state = ctx.state;
    const section = h("section", { class: "hands", "aria-labelledby": "hands-title" }, [
      h("h2", { id: "hands-title", class: "visually-hidden", text: ctx.t("hands") }),
    ]);
    for (const seat of seatsInOrder(state)) {
      const mine = seat === state.seat;
      let hand = state.hands[seat] || [];
      if (mine) hand = arranged(hand, ctx.options.ownOrder);
      const onTurn = seat === state.seat_on_turn;
      const title = mine ? ctx.t("hand.yours") : ctx.t("hand.of", { name: nameOf(ctx, seat) });
      const list = h(
        "ol",
        { class: "hand-cards" },
        hand.map(function (entry, index) {
          return handCard(ctx, seat, entry, index + 1);
        }),
      );
      if (!hand.length) list.append(h("li", { class: "empty", text: ctx.t("hand.empty") }));
      section.append(
        h(
          "section",
          {
            class: "hand" + (mine ? " own" : "") + (onTurn ? " on-turn" : ""),
            "data-testid": "hand-" + seat,
            "data-seat": seat,
            "aria-labelledby": "hand-title-" + seat,
          },
          [
            h("h3", { id: "hand-title-" + seat }, [
              title,
              onTurn ? h("span", { class: "turn-marker", text: " " + ctx.t("hand.on_turn") }) : null,
            ]),
            list,
          ],
        ),
      );
    }
    return section;
  }

  function status(ctx) {
    const state = ctx.state;
    const variant = state.variant;
    const items = [
      h("li", {
        class: "clue-tokens",
        "data-testid": "clue-tokens",
        "data-count": state.clue_tokens,
        text: ctx.t("game.status.clue_tokens", { count: state.clue_tokens, max: variant.clue_tokens }),
      }),
      h("li", {
        class: "storms" + (state.storms ? " struck" : ""),
        "data-testid": "storms",
        "data-count": state.storms,
        text: ctx.t("game.status.storms", { count: state.storms, max: variant.storms }),
      }),
      h("li", {
        class: "draw-pile",
        "data-testid": "draw-pile",
        "data-count": state.draw_pile,
        text: ctx.t("game.status.draw_pile", { count: state.draw_pile }),
      }),
    ];
    if (state.bonus_tiles_left !== null && state.bonus_tiles_left !== undefined) {
      items.push(
        h("li", {
          "data-testid": "bonus-tiles",
          "data-count": state.bonus_tiles_left,
          text: ctx.t("game.status.bonus_tiles", { count: state.bonus_tiles_left }),
        }),
      );
    }
    // a stopped game has no score: what its fireworks hold is said as just that
    let points = ctx.t("game.status.score", { score: state.score, reachable: state.max_reachable });
    if (stopped(state)) {
      const key = state.score === 1 ? "game.status.stopped_one" : "game.status.stopped";
      const said = ctx.t(key, { count: state.score });
      if (said !== key) points = said; // a catalogue without it (an older page's) says the score
    }
    items.push(h("li", { "data-testid": "game-score", "data-count": state.score, text: points }));
    if (typeof state.turns_left === "number" && state.turns_left >= 0) {
      items.push(h("li", { text: ctx.t("game.status.turns_left", { count: state.turns_left }) }));
    }
    let turn;
    if (state.outcome || state.seat_on_turn === null || state.seat_on_turn === undefined) {
      turn = ctx.t("game.status.over");
    } else if (state.seat_on_turn === state.seat) {
      turn = ctx.t("game.status.turn_yours", { turn: state.turn + 1 });
    } else {
      turn = ctx.t("game.status.turn_of", { turn: state.turn + 1, name: nameOf(ctx, state.seat_on_turn) });
    }
    items.push(
      h("li", {
        class: "turn",
        "data-testid": "turn",
        tabindex: "-1",
        "data-seat": state.seat_on_turn === null ? null : state.seat_on_turn,
        text: turn,
      }),
    );
    return h("ul", { class: "status" }, items);
  }

  function fireworks(ctx) {
    const state = ctx.state;
    const items = state.fireworks.map(function (firework) {
      const suit = ctx.suits[firework.suit];
      const top = firework.top
        ? ctx.t("card.label", { suit: suit.name, rank: firework.top })
        : ctx.t("firework.empty");
      const label = ctx.t("firework.label", { suit: suit.name, top: top });
      return h("li", {}, [
        h(
          "span",
          {
            class: "card face firework" + (firework.top ? "" : " empty"),
            "data-suit": baseSuit(suit.key),
            "data-testid": "firework-" + suit.key,
            "data-rank": firework.top || 0,
            "data-played": firework.played,
            role: "img",
            tabindex: "0",
            "aria-label": label,
            title: label,
          },
          [
            h("span", { class: "card-rank", "aria-hidden": "true", text: firework.top ? String(firework.top) : "0" }),
            h("span", { class: "card-suit", "aria-hidden": "true" }, [
              h("span", { class: "card-symbol", text: symbolOf(suit.key) }),
              h("span", { class: "card-letter", text: suit.letter }),
            ]),
          ],
        ),
      ]);
    });
    return h("section", { class: "fireworks", "aria-labelledby": "fireworks-title" }, [
      h("h2", { id: "fireworks-title", text: ctx.t("fireworks") }),
      h("ol", { class: "firework-row" }, items),
    ]);
  }

  function discardPile(ctx) {
    const state = ctx.state;
    const options = ctx.options;
    const choosable = options.choosable || [];
    const section = h(
      "section",
      { class: "discard-pile", "data-testid": "discard-pile", "aria-labelledby": "discard-title" },
      [h("h2", { id: "discard-title", text: ctx.t("discard_pile") })],
    );
    if (!state.discard_pile.length) {
      section.append(h("p", { class: "empty", text: ctx.t("discard_pile.empty") }));
      return section;
    }
    const groups = h("ul", { class: "discard-groups" });
    ctx.suits.forEach(function (suit, index) {
      const cards = state.discard_pile
        .filter(function (entry) {
          return entry.card.suit === index;
        })
        .sort(function (a, b) {
          return a.card.rank - b.card.rank || a.order - b.order;
        });
      if (!cards.length) return;
      const list = h(
        "ul",
        {
          class: "discard-cards",
          "aria-label": ctx.t("discard_pile.suit", {
            suit: suit.name,
            cards: join(
              ctx,
              cards.map(function (entry) {
                return String(entry.card.rank);
              }),
            ),
          }),
        },
        cards.map(function (entry) {
          const canChoose = choosable.indexOf(entry.order) >= 0;
          const chosen = options.chosen === entry.order;
          let label = ctx.t("card.discarded", { card: entry.card.label });
          if (canChoose) label += " (" + ctx.t("card.choosable") + ")";
          const attributes = {
            class: "card face small" + (canChoose ? " choosable" : "") + (chosen ? " selected" : ""),
            "data-testid": "card-" + entry.order,
            "data-order": entry.order,
            "data-suit": baseSuit(suit.key),
            "data-rank": entry.card.rank,
            "aria-label": label,
            title: label,
          };
          let element;
          if (canChoose && options.onChoose) {
            attributes.type = "button";
            attributes["aria-pressed"] = chosen ? "true" : "false";
            element = h("button", attributes, face(entry.card, ctx));
            element.addEventListener("click", function () {
              options.onChoose(entry.order);
            });
          } else {
            attributes.tabindex = "0";
            attributes.role = "img";
            element = h("span", attributes, face(entry.card, ctx));
          }
          return h("li", {}, [element]);
        }),
      );
      groups.append(
        h("li", { class: "discard-group", "data-suit": baseSuit(suit.key) }, [
          h("span", { class: "discard-suit", "aria-hidden": "true", text: symbolOf(suit.key) + " " + suit.name }),
          list,
        ]),
      );
    });
    section.append(groups);
    return section;
  }

  function render(root, state, options) {
    const ctx = context(state, options || {});
    root.replaceChildren(
      status(ctx),
      h("div", { class: "table-area" }, [
        hands(ctx),
        h("div", { class: "middle" }, [fireworks(ctx), discardPile(ctx)]),
      ]),
    );
  }

  function renderLog(list, state, options) {
    const ctx = context(state, options || {});
    const show = Boolean(ctx.options.showExplanations);
    if (!state.log.length) {
      list.replaceChildren(h("li", { class: "empty", text: ctx.t("log.empty") }));
      return;
    }
    list.replaceChildren.apply(
      list,
      state.log.map(function (line, index) {
        return h("li", { "data-seat": line.seat, "data-index": index }, [
          h("span", { class: "log-text", text: line.text }),
          line.explanation
            ? h("span", {
                class: "log-why",
                hidden: !show,
                text: " " + ctx.t("log.why", { explanation: line.explanation }),
              })
            : null,
        ]);
      }),
    );
  }

  window.HanabiBoard = {
    translator: translator,
    render: render,
    renderLog: renderLog,
    arranged: arranged,
    identityLabel: function (state, name, t) {
      return identityLabel(context(state, { t: t }), name);
    },
    symbolOf: symbolOf,
    playerName: playerName,
    h: h,
  };
})();

package tui

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	gk "github.com/ninjakit/ninjakit/generate/knights"
	"github.com/ninjakit/ninjakit/layouts"
	knightspdf "github.com/ninjakit/ninjakit/layouts/knights"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

var _ Boarder = (*knights)(nil)

// The phone's drawing in millimetres: the page scales it to the screen.
const (
	kWide    = 100.0 // the drawing's width
	kTop     = 46.0  // the piles and the card in play
	kRow     = 30.0  // one kingdom
	kCardW   = 18.0  // a card on the piles
	kFortW   = 13.0  // a fortification
	kGem     = 9.0   // a gem token
	kDiscard = "discard"
	kInPlay  = "play"
)

var (
	knightsKit = sync.OnceValue(func() map[string]knightspdf.KitCard {
		out := map[string]knightspdf.KitCard{}
		for _, c := range gk.KitContent(data.DefaultKnights()).Cards {
			out[c.Kind] = c
		}
		return out
	})
	knightsFaces sync.Map // kind -> the face as an <svg>
)

// kingdom names a seat's kingdom as a spot.
func kingdom(s rules.Seat) string { return fmt.Sprintf("k%d", s+1) }

// Picture draws the piles with the gems to win, the card in play and
// every kingdom with its gems, cards in hand and fortifications; a seat
// gets its own hand as printed cards and, when the game asks it, its moves
// as taps from its own kingdom.
func (k *knights) Picture(v Viewer) (Picture, error) {
	g := k.t.Game
	n := g.Players()
	pic := Picture{Turn: k.turnLine(v)}
	if last := companion.LastPlayed(k.t.LogLines(k.role(Table))); last.Who != "" {
		pic.Last = last.Told()
	}
	// The piles' marks sit at the end of their count's line, off the
	// cards' faces.
	pic.Spots = append(pic.Spots,
		Spot{ID: kDiscard, Name: "discard pile", Box: [4]float64{24, 6, kCardW + 4, kCardW*1.4 + 8}, Dot: [3]float64{42, 36, 2.4}},
		Spot{ID: kInPlay, Name: "card in play", Box: [4]float64{46, 6, kWide - 48, kCardW*1.4 + 8}, Dot: [3]float64{kWide - 5, 36, 2.4}})
	for i := range n {
		box := kingdomBox(i)
		pic.Spots = append(pic.Spots, Spot{ID: kingdom(rules.Seat(i)), Name: k.t.Options.Names[i], Box: [4]float64{box.X, box.Y, box.W, box.H}})
	}
	var err error
	if pic.SVG, err = k.board(v); err != nil {
		return Picture{}, err
	}
	if v == Table || int(v) >= n {
		return pic, nil
	}
	seat := rules.Seat(v)
	hand := g.View(seat).Hand
	for i, c := range hand {
		if i > 0 && hand[i-1] == c {
			pic.Hand[len(pic.Hand)-1].Count++
			continue
		}
		face, err := knightsFace(c.String())
		if err != nil {
			return Picture{}, err
		}
		pic.Hand = append(pic.Hand, Card{ID: c.String(), Name: knightsKit()[c.String()].Name, Count: 1, SVG: face})
	}
	moves, err := k.moves(seat)
	if err != nil {
		return Picture{}, err
	}
	pic.Moves = moves
	return pic, nil
}

func kingdomBox(i int) layouts.Rect {
	return layouts.Rect{X: 2, Y: kTop + float64(i)*kRow, W: kWide - 4, H: kRow - 2}
}

// board draws the piles and every kingdom as v sees them. Every viewer
// sees the same board but for a draft card of its own in play, so the
// drawing is kept for the session as last read and reused.
func (k *knights) board(v Viewer) (string, error) {
	own, _ := k.draftCard(v)
	if k.drawn.t == k.t && k.drawn.own == own {
		return k.drawn.svg, nil
	}
	n := k.t.Game.Players()
	svg := layouts.NewSVG(layouts.Rect{W: kWide, H: kTop + float64(n)*kRow + 2})
	k.drawPiles(svg, v)
	for i := range n {
		k.drawKingdom(svg, rules.Seat(i), kingdomBox(i))
	}
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return "", err
	}
	k.drawn.t, k.drawn.own, k.drawn.svg = k.t, own, out.String()
	return k.drawn.svg, nil
}

func (k *knights) hasDraftCard(v Viewer) bool {
	_, ok := k.draftCard(v)
	return ok
}

// draftCard is v's own draft card, shown in play while no attack is.
func (k *knights) draftCard(v Viewer) (engine.Card, bool) {
	g := k.t.Game
	if plays, _, _ := g.Pending(); len(plays) > 0 || v == Table || int(v) >= g.Players() {
		return engine.Unknown, false
	}
	c := g.View(rules.Seat(v)).Drafting
	return c, c != engine.Unknown
}

// turnLine is whose turn it is and what the game waits for, without the
// typed commands; a seat a steal window asks reads the window's question,
// the same for every seat asked (ruling K42).
func (k *knights) turnLine(v Viewer) string {
	g := k.t.Game
	if w := g.Winner(); w != engine.NoSeat {
		return "Game over: " + k.t.Options.Names[w] + " wins."
	}
	if k.Asked(v) {
		return k.t.Question()
	}
	return "Waiting: " + cutCommands(k.t.Waiting())
}

// cutCommands drops the typed commands in brackets from a sentence.
func cutCommands(s string) string {
	for {
		i := strings.Index(s, " (")
		j := strings.Index(s, ")")
		if i < 0 || j < i {
			return s
		}
		s = s[:i] + s[j+1:]
	}
}

// moves are the seat's choices as the companion lists them, each the
// exact command Do takes, placed as taps: a card from the seat's own
// kingdom to the kingdom, pile or attack it goes to; choices that need no
// target (pass, keep, give, decline, a redeal) are buttons.
func (k *knights) moves(seat rules.Seat) ([]Move, error) {
	g := k.t.Game
	// A steal window asks its seats to steal or let the gems go, nothing
	// else; the others wait for their answers (ruling K42).
	window := len(k.t.Asked()) > 0
	if k.Bot(Viewer(seat)) || window && !k.Asked(Viewer(seat)) {
		return nil, nil
	}
	all, err := k.t.Moves(k.role(Viewer(seat)))
	if err != nil {
		return nil, err
	}
	acts := map[string]engine.Action{}
	for _, a := range g.LegalActionsFor(seat) {
		acts[k.t.CommandFor(a)] = a
	}
	var out []Move
	for _, c := range all {
		for _, grp := range c.Groups {
			for _, cmd := range grp.Commands {
				a, ok := acts[cmd]
				if !ok {
					out = append(out, Move{Text: cmd, Say: "Let the gems go"})
					continue
				}
				if window && a.Type() != engine.ActRespond {
					continue
				}
				out = append(out, k.move(seat, a, cmd, grp.Name))
			}
		}
	}
	return out, nil
}

// move places one action as taps and tells it in table words.
func (k *knights) move(seat rules.Seat, a engine.Action, cmd, group string) Move {
	g := k.t.Game
	names := k.t.Options.Names
	m := Move{Text: cmd}
	plays := a.Plays()
	if len(plays) > 0 {
		m.Card = plays[0].Card.String()
	}
	cards := playNames(plays)
	to := func(s rules.Seat) { m.Piece, m.To = kingdom(seat), kingdom(s) }
	switch a.Type() {
	case engine.ActAttack:
		to(a.Seat())
		m.Say = fmt.Sprintf("Play %s at %s", cards, names[a.Seat()])
		if a.FromFort() {
			m.Card = ""
			m.Say = "Shoot at " + names[a.Seat()] + " with your fortified archer"
		}
		if a.Burns() {
			m.Say += ", burning"
		}
	case engine.ActRespond:
		if g.Phase() == engine.PhaseSteal {
			holder, amount := g.Holder()
			// The steal window's answers are buttons, like declining.
			m.Card = ""
			m.Say = fmt.Sprintf("Steal %s's %d gems with %s", names[holder], amount, cards)
			return m
		}
		m.Piece, m.To = kingdom(seat), kInPlay
		m.Say = "Answer the attack with " + cards
	case engine.ActSpecial:
		if a.Seat() != engine.NoSeat {
			to(a.Seat())
			m.Say = fmt.Sprintf("Play %s at %s", cards, names[a.Seat()])
		} else {
			to(seat)
			m.Say = "Play " + cards
		}
	case engine.ActFortify:
		to(seat)
		m.Say = "Fortify with " + cards
	case engine.ActDiscard:
		m.Piece, m.To = kingdom(seat), kDiscard
		m.Say = "Discard " + cards
	case engine.ActShow:
		to(g.Turn())
		m.Say = fmt.Sprintf("Show %s to %s's herald", cards, names[g.Turn()])
	case engine.ActTake:
		to(a.Seat())
		m.Card = ""
		m.Say = fmt.Sprintf("Take %s's %s", names[a.Seat()], k.cardName(plays[0].Card))
	case engine.ActPayCards:
		to(g.Turn())
		m.Say = fmt.Sprintf("Pay %s's monk %s", names[g.Turn()], cards)
	case engine.ActPayGems:
		m.Say = fmt.Sprintf("Pay %s's monk in gems", names[g.Turn()])
	case engine.ActKeep:
		m.Say = "Keep the " + k.cardName(g.View(seat).Drafting)
	case engine.ActGive:
		m.Say = fmt.Sprintf("Give the %s to %s", k.cardName(g.View(seat).Drafting), names[seat.Offset(1, g.Players())])
	case engine.ActRedeal:
		m.Say = "Call a redeal"
	default:
		m.Say = strings.ToUpper(group[:1]) + group[1:]
	}
	return m
}

func (k *knights) cardName(c engine.Card) string {
	if kc, ok := knightsKit()[c.String()]; ok {
		return kc.Name
	}
	return c.String()
}

// playNames tells plays from a hand: "your Knight and Soldier", a jester
// with the role it takes.
func playNames(ps []engine.Play) string {
	var out []string
	for _, p := range ps {
		name := knightsKit()[p.Card.String()].Name
		if p.Card == engine.Jester && p.As != engine.Jester {
			name += " as a " + knightsKit()[p.As.String()].Name
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return "no cards"
	}
	return "your " + strings.Join(out, " and ")
}

// knightsFace is one card's face as the kit prints it, as an <svg>.
func knightsFace(kind string) (string, error) {
	if s, ok := knightsFaces.Load(kind); ok {
		return s.(string), nil
	}
	kc, ok := knightsKit()[kind]
	if !ok {
		return "", fmt.Errorf("no card %q in the kit", kind)
	}
	var out bytes.Buffer
	if err := layouts.PieceSVG(&out, knightspdf.CardFront(kc), layouts.SizePoker); err != nil {
		return "", err
	}
	knightsFaces.Store(kind, out.String())
	return out.String(), nil
}

// place draws a kit piece scaled into at.
func place(c layouts.Canvas, d layouts.Drawer, size layouts.Size, at layouts.Rect) {
	c.TransformBegin()
	c.TransformTranslate(at.X, at.Y)
	c.TransformScale(at.W/size.W*100, at.H/size.H*100, 0, 0)
	layouts.DrawCut(c, d, size)
	c.TransformEnd()
}

func cardAt(x, y, w float64) layouts.Rect {
	return layouts.Rect{X: x, Y: y, W: w, H: w * layouts.SizePoker.H / layouts.SizePoker.W}
}

func label(c layouts.Canvas, x, y, pt float64, style, s string) {
	c.SetFont(layouts.FontSans, style, pt)
	layouts.TextColour(c, [3]int{20, 20, 20})
	layouts.TextAt(c, x, y, s)
}

// drawPiles draws the draw pile with the gems to win now, the discard pile
// with its top card, and the card in play: the attack on the table, or the
// card a duel's drafting seat decides on, for that seat only.
func (k *knights) drawPiles(c layouts.Canvas, v Viewer) {
	g := k.t.Game
	label(c, 2, 4.5, 8, "B", "Draw pile")
	back := cardAt(2, 7, kCardW)
	if g.DrawSize() > 0 {
		place(c, knightspdf.CardBack(), layouts.SizePoker, back)
	} else {
		emptySlot(c, back)
	}
	label(c, 2, back.Bottom()+4, 8, "", fmt.Sprintf("%d cards", g.DrawSize()))
	target := fmt.Sprintf("%d gems to win", g.Target())
	if g.Players() == 2 {
		target = fmt.Sprintf("all %d gems to win", g.TotalGems())
	}
	label(c, 2, back.Bottom()+8, 8, "B", target)

	disc := g.Discards()
	label(c, 26, 4.5, 8, "B", "Discards")
	top := cardAt(26, 7, kCardW)
	if len(disc) > 0 {
		place(c, knightspdf.CardFront(knightsKit()[disc[len(disc)-1].String()]), layouts.SizePoker, top)
	} else {
		emptySlot(c, top)
	}
	label(c, 26, top.Bottom()+4, 8, "", fmt.Sprintf("%d cards", len(disc)))

	label(c, 48, 4.5, 8, "B", "In play")
	plays, by, on := g.Pending()
	var cards []engine.Card
	var said string
	switch {
	case len(plays) > 0:
		for _, p := range plays {
			cards = append(cards, p.Card)
		}
		said = fmt.Sprintf("%s attacks %s", k.t.Options.Names[by], k.t.Options.Names[on])
	case k.hasDraftCard(v):
		own, _ := k.draftCard(v)
		cards = []engine.Card{own}
		said = "your draft card: keep or give"
	case g.Phase() == engine.PhaseDraft:
		said = fmt.Sprintf("draft pile: %d cards", g.View(g.Turn()).DraftPile)
	default:
		said = "no attack"
	}
	for i, card := range cards[:min(len(cards), 3)] {
		place(c, knightspdf.CardFront(knightsKit()[card.String()]), layouts.SizePoker, cardAt(48+float64(i)*(kCardW+1), 7, kCardW))
	}
	if len(cards) == 0 {
		emptySlot(c, cardAt(48, 7, kCardW))
	}
	label(c, 48, top.Bottom()+4, 8, "", said)
}

func emptySlot(c layouts.Canvas, r layouts.Rect) {
	c.SetDrawColor(150, 150, 150)
	c.SetLineWidth(0.3)
	c.SetDashPattern([]float64{1, 1}, 0)
	layouts.RoundRect(c, r, 1.5, "D")
	c.SetDashPattern(nil, 0)
}

// drawKingdom draws one seat: its name, a gem in its colour with the count,
// the cards in hand as a back with the count, and its fortifications as
// the printed cards. The seat the game waits for is outlined heavily.
func (k *knights) drawKingdom(c layouts.Canvas, s rules.Seat, box layouts.Rect) {
	g := k.t.Game
	c.SetFillColor(250, 248, 240)
	c.SetDrawColor(60, 60, 60)
	c.SetLineWidth(0.3)
	if g.ToAct() == s && g.Winner() == engine.NoSeat {
		c.SetLineWidth(1)
	}
	layouts.RoundRect(c, box, 2, "FD")
	name := k.t.Options.Names[s]
	if g.ToAct() == s && g.Winner() == engine.NoSeat {
		name += " - to act"
	}
	if g.Winner() == s {
		name += " - wins"
	}
	label(c, box.X+2, box.Y+5, 9, "B", name)
	gem := layouts.Rect{X: box.X + 2, Y: box.Y + 8, W: kGem, H: kGem}
	place(c, knightspdf.GemFront(int(s)), layouts.SizeToken, gem)
	label(c, gem.Right()+1.5, gem.Y+6.5, 12, "B", fmt.Sprintf("%d", g.Gems(s)))
	label(c, gem.X, box.Bottom()-2.5, 7, "", "gems")
	hand := cardAt(box.X+26, box.Y+8, 10)
	if g.HandSize(s) > 0 {
		place(c, knightspdf.CardBack(), layouts.SizePoker, hand)
	} else {
		emptySlot(c, hand)
	}
	label(c, hand.Right()+1.5, hand.Y+6.5, 12, "B", fmt.Sprintf("%d", g.HandSize(s)))
	label(c, hand.X, box.Bottom()-2.5, 7, "", "cards in hand")
	forts := g.Fort(s).Plays()
	if len(forts) == 0 {
		return
	}
	// Many fortifications share the room right of the hand.
	w := min(kFortW, (box.Right()-52)/float64(len(forts))-1)
	x := box.Right() - 2 - float64(len(forts))*(w+1)
	label(c, x, box.Y+5, 7, "", "fortified")
	for i, p := range forts {
		place(c, knightspdf.CardFront(knightsKit()[p.Card.String()]), layouts.SizePoker, cardAt(x+float64(i)*(w+1), box.Y+6.5, w))
	}
}

// LastActor is the seat of the last action in the log; a note of the
// table's is nobody's.
func (k *knights) LastActor() (Viewer, bool) {
	if n := len(k.t.Log); n > 0 && k.t.Log[n-1].Seat != engine.NoSeat {
		return Viewer(k.t.Log[n-1].Seat), true
	}
	return Table, false
}

func (k *knights) Undone(v Viewer, e companion.Event) string {
	return k.t.Undone(k.role(v), e)
}

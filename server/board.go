package server

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion/tui"
)

// faces are the card faces and the boards' unchanging bases the phones
// were shown, by the hash of their drawing. A face is the printed card, the
// same for every viewer, and a base (a castle's map) the same at every
// version, so each is served once as an image the phone keeps, and a
// screen names it by URL instead of carrying it every time it changes.
type faces struct {
	mu  sync.RWMutex
	svg map[string]string
}

// name files a face and returns the URL it is served at.
func (f *faces) name(svg string) string {
	sum := sha256.Sum256([]byte(svg))
	id := hex.EncodeToString(sum[:12])
	f.mu.Lock()
	if f.svg == nil {
		f.svg = map[string]string{}
	}
	f.svg[id] = svg
	f.mu.Unlock()
	return "/face/" + id + ".svg"
}

// picture is p with its card faces and base moved to URLs.
func (f *faces) picture(p tui.Picture) *tui.Picture {
	if p.Base != "" {
		p.Base = f.name(p.Base)
	}
	p.Spots = mergeSpots(p.Spots)
	p.Hand = append([]tui.Card(nil), p.Hand...)
	for i := range p.Hand {
		p.Hand[i].Face, p.Hand[i].SVG = f.name(p.Hand[i].SVG), ""
	}
	return &p
}

// mergeSpots joins the boxes of one spot that touch side by side, then
// those that touch one above the other into one box each: a zone of a
// map's cells is tapped on the same places with fewer boxes to send. A
// joined box without a place for its target mark gets one in the middle
// of the last box joined, as that box alone would have had, and not in the
// joined box's middle, where a zone's name is.
func mergeSpots(spots []tui.Spot) []tui.Spot {
	type box struct {
		tui.Spot
		own [3]float64 // the spot's own place for its mark, if any
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	pass := func(in []box, side bool) []box {
		var out []box
	next:
		for _, s := range in {
			b := s.Box
			for i := range out {
				o := &out[i]
				a := o.Box
				if o.ID != s.ID || o.Name != s.Name || o.own != s.own {
					continue
				}
				switch {
				case side && near(a[1], b[1]) && near(a[3], b[3]) && near(a[0]+a[2], b[0]):
					o.Box[2] += b[2]
				case !side && near(a[0], b[0]) && near(a[2], b[2]) && near(a[1]+a[3], b[1]):
					o.Box[3] += b[3]
				default:
					continue
				}
				if o.own == ([3]float64{}) {
					o.Dot = [3]float64{b[0] + b[2]/2, b[1] + b[3]/2, min(b[2], b[3]) / 7}
				}
				continue next
			}
			out = append(out, s)
		}
		return out
	}
	var all []box
	for _, s := range spots {
		all = append(all, box{s, s.Dot})
	}
	var out []tui.Spot
	for _, b := range pass(pass(all, true), false) {
		out = append(out, b.Spot)
	}
	return out
}

// serve answers a face's URL; an unknown one is not found. A face never
// changes under its name, so the phone keeps it.
func (f *faces) serve(w http.ResponseWriter, r *http.Request) {
	id := strings.TrimSuffix(r.PathValue("face"), ".svg")
	f.mu.RLock()
	svg, ok := f.svg[id]
	f.mu.RUnlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = w.Write([]byte(svg))
}

// Package layouts renders ninjakit's printed materials as PDFs with gofpdf.
//
// It draws the values it is given and decides no game rules; it imports no
// other ninjakit package. Layout is computed first by pure functions that
// return rectangles (LayoutBoard, LayoutBladesPage, FlowRows, QRModules, ...),
// tested with numbers; the renderers then walk those rectangles. Output is
// byte-identical for identical input, so PDFs can be golden-tested.
package layouts

package plots

import (
	"image/color"
	"math"
)

// viridis samples the viridis colour map at 16 evenly spaced points, 0/15
// to 15/15: entries 0, 17, 34, ..., 255 of the 256-entry table
// _viridis_data by Stéfan van der Walt, Nathaniel Smith and Eric Firing
// (matplotlib, 2015, released under CC0; see "A Better Default Colormap for
// Matplotlib", SciPy 2015). Viridis runs from dark purple to yellow; its
// lightness rises steadily (it is perceptually uniform in CAM02-UCS) and it
// reads the same to people with the common colour blindnesses and in grey.
var viridis = [16][3]float64{
	{0.267004, 0.004874, 0.329415},
	{0.282656, 0.100196, 0.422160},
	{0.277134, 0.185228, 0.489898},
	{0.253935, 0.265254, 0.529983},
	{0.221989, 0.339161, 0.548752},
	{0.190631, 0.407061, 0.556089},
	{0.163625, 0.471133, 0.558148},
	{0.139147, 0.533812, 0.555298},
	{0.120565, 0.596422, 0.543611},
	{0.134692, 0.658636, 0.517649},
	{0.208030, 0.718701, 0.472873},
	{0.327796, 0.773980, 0.406640},
	{0.477504, 0.821444, 0.318195},
	{0.647257, 0.858400, 0.209861},
	{0.824940, 0.884720, 0.106217},
	{0.993248, 0.906157, 0.143936},
}

// viridisAt returns the colour of v in 0..1 (clamped) on the viridis scale,
// interpolating linearly between the table's entries; NaN gives the colour
// of a missing value.
func viridisAt(v float64) color.RGBA {
	if math.IsNaN(v) {
		return noValue
	}
	x := min(max(v, 0), 1) * float64(len(viridis)-1)
	i := min(int(x), len(viridis)-2)
	f := x - float64(i)
	var c [3]uint8
	for j := range c {
		c[j] = uint8(math.Round(255 * ((1-f)*viridis[i][j] + f*viridis[i+1][j])))
	}
	return color.RGBA{c[0], c[1], c[2], 0xff}
}

// luminance is the relative luminance of c, 0 (black) to 1 (white), as WCAG
// 2.x defines it from linearised sRGB.
func luminance(c color.RGBA) float64 {
	lin := func(u uint8) float64 {
		s := float64(u) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// inkOn returns the text colour, black or white, that contrasts more with
// a background of colour bg. The WCAG contrast ratio (L1 + 0.05)/(L2 +
// 0.05) of the better one is at least 4.58, the worst case being a
// background of luminance 0.179, so text on any cell meets WCAG AA (4.5).
func inkOn(bg color.RGBA) color.RGBA {
	l := luminance(bg)
	if (l+0.05)/0.05 >= 1.05/(l+0.05) {
		return okabeBlack
	}
	return white
}

// Package plots draws the charts of sim's results, ready for a blog post:
// titled, sourced, readable at a glance when shrunk to a column, and the
// same bytes on every machine.
//
// Six charts take a [report.Report] (from a run, or read back from the
// JSON of docs/output.md with encoding/json), a [Grid] or [Line]s:
//
//   - [Distribution]: one metric, as bars of P(X = k) over a line of
//     P(X ≥ k), with the mean and its 95% interval, and exact values as
//     diamonds when the report has them.
//   - [Outcomes]: events, as bars of their probability with 95% Wilson
//     interval whiskers and the value written beside each.
//   - [Comparison]: one metric of several reports, a line each.
//   - [ComparedOutcomes]: events of several reports side by side, a group
//     of bars per event and a bar per report.
//   - [Heatmap]: a probability over a grid of two parameters.
//   - [Trend]: probabilities along one swept parameter, a line each, with
//     95% interval whiskers.
//
// Each returns a [Chart], which [Chart.Save] writes as SVG or PNG by the
// file's extension, atomically, and [Chart.Render] writes to an io.Writer.
//
// # Looks
//
// Every chart has a title (the report's title, or its scenario's name), a
// subtitle saying where the numbers came from ("ogres-vs-arrows · ruleset
// 6th · 1,000,000 trials · seed 42"; "partial: 12,288 of 1,000,000 trials"
// for an interrupted run, in a warning colour; "exact solution" for sim
// exact), and a key above the plot, where it never covers data. Title,
// subtitle and key wrap when the chart is narrow. Probabilities are
// percentages; labels and axis titles give units by their names for
// people, and quantities in words: "Empire Knights win", "Empire Knights:
// models lost" (report.EventLabel, report.MetricLabel).
//
// Colours are the Okabe–Ito palette (Okabe and Ito 2008, "Color Universal
// Design"), which colour-blind readers tell apart: simulated values are
// blue, exact ones vermillion; the lines of a comparison also differ in
// point shape and dash. The heatmap's scale is viridis (van der Walt,
// Smith and Firing, matplotlib 2015), perceptually uniform, from 0% to
// 100% on every chart.
//
// The default size is 1200×675 px (16:9, 12.5 in × 7.03 in at 96 dpi), and
// text is large for it (ticks 18 px, the title 26 px), so that a chart
// shrunk to a 700 px column still reads. [Options] set another size, from
// 480×270 px: text shrinks with the square root of the size, so a chart
// drawn at 600×338 has 12.7 px ticks. A chart that cannot be laid out
// legibly at its size (too many events for its height, cells too small for
// their values) is an error, not a jumble.
//
// # Fonts and determinism
//
// Text is set in Liberation Sans, compiled into the program
// (codeberg.org/go-fonts/liberation, through gonum/plot), from a font
// cache of this package's own: no system font is read, and changing
// gonum/plot's global defaults changes nothing. The same chart gives the
// same bytes every time, in both formats, and on every machine of an
// architecture. (Go may fuse a multiply and an add into one instruction on
// some architectures, arm64 among them, which can move the last of the
// five digits of an SVG coordinate; the golden files are amd64's.) SVG names the font as
// 'Liberation Sans', Arial, Helvetica, sans-serif: Liberation Sans has
// Arial's metrics, so the layout holds wherever one of them is installed;
// [Options.EmbedFonts] embeds the font itself (some 550 KB a face).
//
// Liberation Sans draws Latin, Greek, Cyrillic and Hebrew, but not, for
// instance, Chinese, Japanese, Korean, Arabic, most symbols (⚔ ★) or
// emoji; [Chart.MissingGlyphs] lists the characters of a chart's text
// that it cannot draw, which a PNG leaves out, so that a caller can warn.
//
// # Errors
//
// Charts never panic on input. A metric or event that is missing gives an
// error that lists the ones the report has; probabilities outside 0..1 or
// not summing to 1, empty lists and impossible sizes give errors that say
// what is wrong. Degenerate but valid input draws a sensible chart: a
// metric with a single value is one bar at 100%; an event that never
// happened is a 0% bar with its interval; a grid cell without a value is
// grey and marked "–".
package plots

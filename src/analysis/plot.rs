//! Charts of a comparison of variants (`sow compare --plot DIR`): four SVG files drawn with
//! plotters, on game lengths, the branching factor and the seeds on the board over the course
//! of a game, and the first player's advantage.
//!
//! Text is laid out with plotters' rough estimate of font sizes and rendered by whatever shows
//! the SVG, so no system fonts are needed; margins are generous to absorb the estimate's error.
//! Each variant keeps its colour (and marker) in every chart.

use std::path::{Path, PathBuf};

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::compare::{Estimate, Metric, PROFILE_BINS, Summary};

/// What plotters reports when drawing on an SVG canvas fails.
pub type DrawError = DrawingAreaErrorKind<std::io::Error>;

/// An error writing the charts, with the file or directory it is about.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The directory of the charts could not be created.
    #[error("cannot write {}: {source}", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// Drawing a chart failed.
    #[error("cannot write {}: {source}", path.display())]
    Draw {
        /// The chart's file.
        path: PathBuf,
        /// What plotters reported.
        source: DrawError,
    },
    /// A chart could not be written to its file.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The chart's file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
}

impl PlotError {
    /// The file or directory that could not be written.
    pub fn path(&self) -> &Path {
        match self {
            PlotError::CreateDir { path, .. }
            | PlotError::Draw { path, .. }
            | PlotError::Write { path, .. } => path,
        }
    }
}

/// Write the comparison charts of `variants` (label, summary) into `dir` (created if missing)
/// and return the paths written, in this order: lengths.svg, branching.svg, seeds.svg,
/// first-player.svg.
pub fn write_plots(dir: &Path, variants: &[(String, Summary)]) -> Result<Vec<PathBuf>, PlotError> {
    std::fs::create_dir_all(dir)
        .map_err(|source| PlotError::CreateDir { path: dir.to_path_buf(), source })?;
    CHARTS.iter().map(|&(name, draw)| write_chart(&dir.join(name), variants, draw)).collect()
}

/// A drawing area of an SVG chart, in pixels.
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The result of drawing.
type Drawn = Result<(), DrawError>;

/// Draws one chart of the variants on the whole canvas.
type Draw = fn(&Area<'_>, &[(String, Summary)]) -> Drawn;

/// The charts, by file name, in the order written.
const CHARTS: [(&str, Draw); 4] = [
    ("lengths.svg", lengths_chart),
    ("branching.svg", branching_chart),
    ("seeds.svg", seeds_chart),
    ("first-player.svg", first_player_chart),
];

/// Canvas size in pixels (taller where a legend needs it: [`canvas`]).
const SIZE: (u32, u32) = (900, 560);

/// Font family of every text (the SVG viewer picks the actual font).
const FONT: &str = "sans-serif";

/// Font size of the title. Font sizes are in plotters' units: the SVG gets them divided by 1.24.
const TITLE_SIZE: f64 = 28.0;
/// Font size of the axis descriptions.
const DESC_SIZE: f64 = 19.0;
/// Font size of the tick labels.
const TICK_SIZE: f64 = 16.0;
/// Font size of the legend.
const LEGEND_SIZE: f64 = 17.0;

/// Space left of the plot for the y tick labels and description.
const Y_AREA: i32 = 84;
/// Space below the plot for the x tick labels and description (numeric axes).
const X_AREA: i32 = 64;
/// Margin above the plot (below the title).
const PLOT_TOP: i32 = 10;
/// Margin right of the plot.
const PLOT_RIGHT: i32 = 24;
/// Margin left of the chart (before the y axis description).
const PLOT_LEFT: i32 = 6;
/// Margin below the chart (after the x axis description).
const PLOT_BOTTOM: i32 = 6;

/// One colour per variant (the first eight of matplotlib's "tab10"), repeated beyond 8.
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Colour of text, axes and neutral legend markers.
const INK: RGBColor = RGBColor(40, 40, 40);
/// Colour of notes and reference lines.
const MUTED: RGBColor = RGBColor(110, 110, 110);
/// Colour of the grid.
const GRID: RGBColor = RGBColor(225, 225, 225);

/// The shape drawn at a data point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    /// A filled disc.
    Disc,
    /// A filled square.
    Square,
    /// A filled triangle pointing up.
    Triangle,
    /// A filled diamond.
    Diamond,
    /// A white disc with a coloured ring.
    Ring,
}

/// Markers of the variants in the line charts.
const MARKERS: [Marker; 5] = [Marker::Disc, Marker::Square, Marker::Triangle, Marker::Diamond, Marker::Ring];

/// The colour of the `i`th variant.
fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// The marker of the `i`th variant: shifted by one with every round of the palette, so that
/// colour and marker together tell apart the first 40 variants.
fn marker(i: usize) -> Marker {
    MARKERS[(i + i / PALETTE.len()) % MARKERS.len()]
}

/// A text style of the given size.
fn font(size: f64) -> TextStyle<'static> {
    TextStyle::from((FONT, size).into_font()).color(&INK)
}

/// A tick label: whole numbers without decimals, others with as few as needed.
fn tick(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Render one chart and write it to `path`.
fn write_chart(path: &Path, variants: &[(String, Summary)], draw: Draw) -> Result<PathBuf, PlotError> {
    let svg = render(canvas(variants.len()), |root| draw(root, variants))
        .map_err(|source| PlotError::Draw { path: path.to_path_buf(), source })?;
    std::fs::write(path, svg).map_err(|source| PlotError::Write { path: path.to_path_buf(), source })?;
    Ok(path.to_path_buf())
}

/// The canvas for a chart of `variants`: [`SIZE`], made taller where their legend (a line
/// each, and two of notes) would not fit beside the plot.
fn canvas(variants: usize) -> (u32, u32) {
    /// The title's height, and the margin below the legend.
    const TITLE: u32 = 50;
    let lines = u32::try_from(variants).unwrap_or(u32::MAX / 64).saturating_add(2);
    let legend = lines.saturating_mul(LINE as u32) + 2 * PAD as u32 + PLOT_TOP as u32;
    (SIZE.0, SIZE.1.max(TITLE + legend + X_AREA as u32))
}

/// Draw on a white canvas of `size` pixels and return the SVG text.
fn render(size: (u32, u32), draw: impl FnOnce(&Area<'_>) -> Drawn) -> Result<String, DrawError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        draw(&root)?;
        root.present()?;
    }
    Ok(svg)
}

// ---------------------------------------------------------------------------------------------
// Layout: title, plot and legend column

/// One line of a legend.
#[derive(Clone, Debug)]
struct Entry {
    /// What it names.
    label: String,
    /// Colour of its swatch.
    colour: RGBColor,
    /// Whether the swatch has a line through it.
    line: bool,
    /// Whether the swatch has an error bar through it.
    bar: bool,
    /// The marker of the swatch, if any.
    marker: Option<Marker>,
}

/// A legend: entries, then notes in a smaller muted font.
#[derive(Clone, Debug, Default)]
struct Legend {
    /// The entries, one per line.
    entries: Vec<Entry>,
    /// Notes below the entries, one per line.
    notes: Vec<String>,
}

/// Width of a legend swatch.
const SWATCH: i32 = 30;
/// Padding inside the legend box and around it.
const PAD: i32 = 10;
/// Height of a legend line.
const LINE: i32 = 24;
/// Font size of legend notes.
const NOTE_SIZE: f64 = 15.0;

impl Legend {
    /// One entry per variant, with its colour, a line and (if `markers`) its marker.
    fn of_variants(variants: &[(String, Summary)], markers: bool) -> Legend {
        let entries = variants
            .iter()
            .enumerate()
            .map(|(i, (label, _))| Entry {
                label: label.clone(),
                colour: colour(i),
                line: true,
                bar: false,
                marker: markers.then(|| marker(i)),
            })
            .collect();
        Legend { entries, notes: Vec::new() }
    }

    /// The width of the legend column, box and outer padding included.
    fn width(&self, root: &Area<'_>) -> Result<i32, DrawError> {
        let mut widest = 0;
        for entry in &self.entries {
            widest = widest.max(text_width(root, &entry.label, LEGEND_SIZE)? + SWATCH + PAD);
        }
        for note in &self.notes {
            widest = widest.max(text_width(root, note, NOTE_SIZE)?);
        }
        Ok((widest + 4 * PAD).clamp(150, 380))
    }

    /// Draw the legend in a box whose top left corner is `(x, y)`, `width` wide.
    fn draw(&self, root: &Area<'_>, (x, y): (i32, i32), width: i32) -> Drawn {
        let lines = (self.entries.len() + self.notes.len()) as i32;
        if lines == 0 {
            return Ok(());
        }
        let bottom = y + 2 * PAD + lines * LINE - 4;
        root.draw(&Rectangle::new([(x, y), (x + width, bottom)], WHITE.filled()))?;
        root.draw(&Rectangle::new([(x, y), (x + width, bottom)], GRID.stroke_width(1)))?;
        let mut centre = y + PAD + LINE / 2 - 2;
        for entry in &self.entries {
            draw_swatch(root, entry, (x + PAD, centre))?;
            let style = font(LEGEND_SIZE).pos(Pos::new(HPos::Left, VPos::Center));
            root.draw_text(&entry.label, &style, (x + 2 * PAD + SWATCH, centre))?;
            centre += LINE;
        }
        for note in &self.notes {
            let style = font(NOTE_SIZE).color(&MUTED).pos(Pos::new(HPos::Left, VPos::Center));
            root.draw_text(note, &style, (x + PAD, centre))?;
            centre += LINE;
        }
        Ok(())
    }
}

/// Draw the swatch of a legend entry starting at `(x, y)` (vertical centre).
fn draw_swatch(root: &Area<'_>, entry: &Entry, (x, y): (i32, i32)) -> Drawn {
    let middle = (x + SWATCH / 2, y);
    if entry.line {
        let line = PathElement::new(vec![(x, y), (x + SWATCH, y)], entry.colour.stroke_width(2));
        root.draw(&line)?;
    }
    if entry.bar {
        draw_error_bar(root, middle.0, (y - 9, y + 9), entry.colour)?;
    }
    match entry.marker {
        Some(m) => draw_marker(root, middle, m, entry.colour),
        None => Ok(()),
    }
}

/// The estimated width of `s` in pixels at font size `size`.
fn text_width(root: &Area<'_>, s: &str, size: f64) -> Result<i32, DrawError> {
    let (w, _) = root.estimate_text_size(s, &font(size))?;
    Ok(i32::try_from(w).unwrap_or(i32::MAX))
}

/// A chart's canvas once titled: the area for the plot and the legend's place.
struct Frame<'a> {
    /// Where the chart (plot and axis labels) goes.
    plot: Area<'a>,
    /// Top left corner of the legend box, in canvas pixels.
    legend_at: (i32, i32),
    /// Width of the legend box.
    legend_width: i32,
}

/// Draw the title and split the rest of the canvas into the plot and the legend column.
fn frame<'a>(root: &Area<'a>, title: &str, legend: &Legend) -> Result<Frame<'a>, DrawError> {
    let column = legend.width(root)?;
    let body = root.titled(title, font(TITLE_SIZE).color(&BLACK))?;
    let (width, _) = body.dim_in_pixel();
    let (x0, y0) = body.get_base_pixel();
    let width = i32::try_from(width).unwrap_or(i32::MAX);
    Ok(Frame {
        plot: body.margin(0, 0, 0, column),
        legend_at: (x0 + width - column, y0 + PLOT_TOP),
        legend_width: column - 2 * PAD,
    })
}

/// A chart builder on `plot` with the margins and label areas shared by all charts, and
/// `x_area` pixels for the x axis labels.
fn builder<'a, 'b, 'c>(plot: &'a Area<'c>, x_area: i32) -> ChartBuilder<'a, 'b, SVGBackend<'c>> {
    let mut builder = ChartBuilder::on(plot);
    builder
        .margin_top(PLOT_TOP)
        .margin_right(PLOT_RIGHT)
        .margin_left(PLOT_LEFT)
        .margin_bottom(PLOT_BOTTOM)
        .x_label_area_size(x_area)
        .y_label_area_size(Y_AREA);
    builder
}

/// Write "no data" in the middle of the chart's plotting area.
fn draw_no_data<X: Ranged, Y: Ranged>(
    root: &Area<'_>,
    chart: &ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, Y>>,
) -> Drawn {
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let style = font(DESC_SIZE).color(&MUTED).pos(Pos::new(HPos::Center, VPos::Center));
    root.draw_text("no data", &style, ((xs.start + xs.end) / 2, (ys.start + ys.end) / 2))
}

/// The mesh style shared by all charts: light grid, axis descriptions, readable labels.
fn style_mesh<'m, 'a, 'b, 'c, X: Ranged, Y: Ranged>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, SVGBackend<'c>>,
    x_desc: &str,
    y_desc: &str,
) -> &'m mut MeshStyle<'a, 'b, X, Y, SVGBackend<'c>> {
    mesh.x_desc(x_desc)
        .y_desc(y_desc)
        .axis_desc_style(font(DESC_SIZE))
        .label_style(font(TICK_SIZE))
        .axis_style(INK.stroke_width(1))
        .bold_line_style(GRID.stroke_width(1))
        .light_line_style(TRANSPARENT)
        .x_labels(11)
        .y_labels(8)
}

// ---------------------------------------------------------------------------------------------
// Markers and error bars, in canvas pixels

/// Radius (half-width) of a marker.
const MARK: i32 = 5;

/// Draw `marker` centred on `(x, y)`.
fn draw_marker(root: &Area<'_>, (x, y): (i32, i32), marker: Marker, colour: RGBColor) -> Drawn {
    let r = MARK;
    match marker {
        Marker::Disc => root.draw(&Circle::new((x, y), r, colour.filled())),
        Marker::Square => {
            root.draw(&Rectangle::new([(x - r + 1, y - r + 1), (x + r - 1, y + r - 1)], colour.filled()))
        }
        Marker::Triangle => root.draw(&Polygon::new(
            vec![(x, y - r - 1), (x + r + 1, y + r - 1), (x - r - 1, y + r - 1)],
            colour.filled(),
        )),
        Marker::Diamond => root.draw(&Polygon::new(
            vec![(x, y - r - 1), (x + r, y), (x, y + r + 1), (x - r, y)],
            colour.filled(),
        )),
        Marker::Ring => {
            root.draw(&Circle::new((x, y), r, WHITE.filled()))?;
            root.draw(&Circle::new((x, y), r, colour.stroke_width(2)))
        }
    }
}

/// Draw a vertical error bar at `x` from pixel row `top` to `bottom`, with caps.
fn draw_error_bar(root: &Area<'_>, x: i32, (top, bottom): (i32, i32), colour: RGBColor) -> Drawn {
    let style = colour.stroke_width(2);
    root.draw(&PathElement::new(vec![(x, top), (x, bottom)], style))?;
    for y in [top, bottom] {
        root.draw(&PathElement::new(vec![(x - 5, y), (x + 5, y)], style))?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Chart 1: game lengths

/// About how many bins the length distribution has.
const LENGTH_BINS: u32 = 30;

/// Bins of game lengths shared by all variants: `count` bins `width` plies wide from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bins {
    /// Plies per bin.
    width: u32,
    /// Number of bins.
    count: u32,
}

impl Bins {
    /// About [`LENGTH_BINS`] whole-ply bins from 0 to the 99th percentile of all lengths.
    fn of(variants: &[(String, Summary)]) -> Bins {
        let mut all: Vec<u32> = variants.iter().flat_map(|(_, s)| s.lengths.iter().copied()).collect();
        let top = percentile_99(&mut all).unwrap_or(0).max(9);
        let span = top.saturating_add(1);
        let width = span.div_ceil(LENGTH_BINS).max(1);
        Bins { width, count: span.div_ceil(width) }
    }

    /// The first length past the last bin.
    fn end(self) -> u32 {
        self.width.saturating_mul(self.count)
    }

    /// The frequency polygon of `lengths`: (bin centre, % of all games) per bin.
    fn polygon(self, lengths: &[u32]) -> Vec<(f64, f64)> {
        if lengths.is_empty() {
            return Vec::new();
        }
        let mut counts = vec![0u32; self.count as usize];
        for &l in lengths {
            if let Some(c) = counts.get_mut((l / self.width) as usize) {
                *c += 1;
            }
        }
        let games = lengths.len() as f64;
        let half = f64::from(self.width - 1) / 2.0;
        let centre = |k: usize| k as f64 * f64::from(self.width) + half;
        counts.iter().enumerate().map(|(k, &c)| (centre(k), 100.0 * f64::from(c) / games)).collect()
    }
}

/// The 99th percentile (nearest rank) of `values`, which it sorts; `None` if empty.
fn percentile_99(values: &mut [u32]) -> Option<u32> {
    values.sort_unstable();
    let rank = (values.len() * 99).div_ceil(100);
    values.get(rank.saturating_sub(1)).copied()
}

/// Notes under the length legend: the bin width and the games past the last bin.
fn length_notes(variants: &[(String, Summary)], bins: Bins) -> Vec<String> {
    let plies = |n: u32| if n == 1 { "1 ply".to_string() } else { format!("{n} plies") };
    let mut notes = vec![format!("bins of {}", plies(bins.width))];
    let cut: usize =
        variants.iter().map(|(_, s)| s.lengths.iter().filter(|&&l| l >= bins.end()).count()).sum();
    if cut > 0 {
        notes.push(format!("not shown: {cut} {}", if cut == 1 { "game" } else { "games" }));
        notes.push(format!("longer than {}", plies(bins.end().saturating_sub(1))));
    }
    notes
}

/// `lengths.svg`: the distribution of game lengths per variant, as frequency polygons.
fn lengths_chart(root: &Area<'_>, variants: &[(String, Summary)]) -> Drawn {
    let bins = Bins::of(variants);
    let polygons: Vec<Vec<(f64, f64)>> = variants.iter().map(|(_, s)| bins.polygon(&s.lengths)).collect();
    let top = polygons.iter().flatten().map(|&(_, y)| y).fold(0.0, f64::max);
    let mut legend = Legend::of_variants(variants, false);
    legend.notes = length_notes(variants, bins);
    let frame = frame(root, "Game length", &legend)?;
    let mut chart = builder(&frame.plot, X_AREA)
        .build_cartesian_2d(0.0..f64::from(bins.end()), 0.0..(top * 1.1).max(5.0))?;
    style_mesh(&mut chart.configure_mesh(), "game length (plies)", "games (%)")
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .draw()?;
    if polygons.iter().all(Vec::is_empty) {
        draw_no_data(root, &chart)?;
    }
    for (i, polygon) in polygons.into_iter().enumerate() {
        chart.draw_series(LineSeries::new(polygon, colour(i).stroke_width(2)))?;
    }
    legend.draw(root, frame.legend_at, frame.legend_width)
}

// ---------------------------------------------------------------------------------------------
// Charts 2 and 3: profiles over the course of a game

/// What a profile chart shows.
struct Profile {
    /// The chart title.
    title: &'static str,
    /// The y axis description.
    y_desc: &'static str,
    /// The profile of a summary.
    values: fn(&Summary) -> &[f64; PROFILE_BINS],
    /// A fixed top of the y axis, or `None` to fit the data.
    y_max: Option<f64>,
}

/// `branching.svg`: legal decisions at the start of a turn by tenth of the game.
fn branching_chart(root: &Area<'_>, variants: &[(String, Summary)]) -> Drawn {
    let profile = Profile {
        title: "Branching factor over the game",
        y_desc: "legal decisions at the start of a turn",
        values: |s| &s.branching_profile,
        y_max: None,
    };
    profile_chart(root, variants, &profile)
}

/// `seeds.svg`: seeds on the board (% of the start) by tenth of the game.
fn seeds_chart(root: &Area<'_>, variants: &[(String, Summary)]) -> Drawn {
    let profile = Profile {
        title: "Seeds on the board over the game",
        y_desc: "seeds on the board (% of start)",
        values: |s| &s.seeds_profile,
        y_max: Some(100.0),
    };
    profile_chart(root, variants, &profile)
}

/// The points of a profile at the bin centres (% of the game), in runs of consecutive
/// finite values (a missing value breaks the line).
fn profile_runs(values: &[f64; PROFILE_BINS], y_max: Option<f64>) -> Vec<Vec<(f64, f64)>> {
    let step = 100.0 / PROFILE_BINS as f64;
    let mut runs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
    for (k, &v) in values.iter().enumerate() {
        if v.is_finite() {
            let v = y_max.map_or(v, |m| v.clamp(0.0, m));
            if let Some(run) = runs.last_mut() {
                run.push(((k as f64 + 0.5) * step, v));
            }
        } else if runs.last().is_some_and(|run| !run.is_empty()) {
            runs.push(Vec::new());
        }
    }
    runs.retain(|run| !run.is_empty());
    runs
}

/// A profile chart: a line with markers per variant against game progress.
fn profile_chart(root: &Area<'_>, variants: &[(String, Summary)], profile: &Profile) -> Drawn {
    let runs: Vec<_> =
        variants.iter().map(|(_, s)| profile_runs((profile.values)(s), profile.y_max)).collect();
    let highest = runs.iter().flatten().flatten().map(|&(_, y)| y).fold(0.0, f64::max);
    let y_max = profile.y_max.unwrap_or((highest * 1.12).max(1.0));
    let legend = Legend::of_variants(variants, true);
    let frame = frame(root, profile.title, &legend)?;
    let mut chart = builder(&frame.plot, X_AREA).build_cartesian_2d(0.0..100.0, 0.0..y_max)?;
    style_mesh(&mut chart.configure_mesh(), "game progress (%)", profile.y_desc)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .draw()?;
    if runs.iter().all(Vec::is_empty) {
        draw_no_data(root, &chart)?;
    }
    for (i, variant_runs) in runs.iter().enumerate() {
        for run in variant_runs {
            chart.draw_series(LineSeries::new(run.iter().copied(), colour(i).stroke_width(2)))?;
        }
    }
    for (i, variant_runs) in runs.iter().enumerate() {
        for &point in variant_runs.iter().flatten() {
            draw_marker(root, chart.backend_coord(&point), marker(i), colour(i))?;
        }
    }
    legend.draw(root, frame.legend_at, frame.legend_width)
}

// ---------------------------------------------------------------------------------------------
// Chart 4: first-player advantage

/// How the variant labels under the categorical x axis are set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TickLayout {
    /// On one line.
    Flat,
    /// Alternately on two lines, so that each may be twice as wide as its slot.
    Staggered,
    /// Turned to read upwards, hanging below the axis.
    Upright,
}

/// Height of a line of tick labels.
const TICK_LINE: i32 = 20;

impl TickLayout {
    /// The layout for labels `widest` pixels wide at most in slots `slot` pixels wide.
    fn choose(widest: i32, slot: i32) -> TickLayout {
        if widest + 12 <= slot {
            TickLayout::Flat
        } else if widest + 12 <= 2 * slot {
            TickLayout::Staggered
        } else {
            TickLayout::Upright
        }
    }

    /// The height of the x label area (labels and the axis description).
    fn area(self, widest: i32) -> i32 {
        match self {
            TickLayout::Flat => X_AREA,
            TickLayout::Staggered => X_AREA + TICK_LINE,
            TickLayout::Upright => (widest * 9 / 10 + 44).clamp(X_AREA, 240),
        }
    }

    /// Draw the `i`th label with its top (or end) at pixel `(x, y)`.
    fn draw(self, root: &Area<'_>, label: &str, i: usize, (x, y): (i32, i32)) -> Drawn {
        let style = font(TICK_SIZE);
        let (style, y) = match self {
            TickLayout::Flat => (style.pos(Pos::new(HPos::Center, VPos::Top)), y),
            TickLayout::Staggered => {
                (style.pos(Pos::new(HPos::Center, VPos::Top)), y + TICK_LINE * (i % 2) as i32)
            }
            TickLayout::Upright => {
                (style.transform(FontTransform::Rotate270).pos(Pos::new(HPos::Right, VPos::Center)), y)
            }
        };
        root.draw_text(label, &style, (x, y))
    }
}

/// An estimate as a percentage with its 95% interval, clipped to 0–100; `None` if missing.
fn percent_interval(estimate: Option<Estimate>) -> Option<(f64, f64, f64)> {
    let e = estimate?;
    if !e.value.is_finite() {
        return None;
    }
    let half = if e.half_width.is_finite() { e.half_width } else { 0.0 };
    let clip = |v: f64| (100.0 * v).clamp(0.0, 100.0);
    Some((clip(e.value - half), clip(e.value), clip(e.value + half)))
}

/// The legend of the first-player chart: the two markers, and what the bars are.
fn first_player_legend() -> Legend {
    let entry = |label: &str, marker| Entry {
        label: label.to_string(),
        colour: INK,
        line: false,
        bar: true,
        marker: Some(marker),
    };
    Legend {
        entries: vec![entry("first player", Marker::Disc), entry("second player", Marker::Ring)],
        notes: vec![
            "colour: the variant".to_string(),
            "bars: 95% confidence".to_string(),
            "interval".to_string(),
        ],
    }
}

/// Horizontal offset of the first (−) and second (+) player's marker from the category.
const PAIR_OFFSET: f64 = 0.14;

/// The chart of win rates in pixels: the first player's, then the second's.
type WinChart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// `first-player.svg`: each variant's first- and second-player win rates with intervals.
fn first_player_chart(root: &Area<'_>, variants: &[(String, Summary)]) -> Drawn {
    let legend = first_player_legend();
    let frame = frame(root, "Wins of the first and second player", &legend)?;
    let (layout, widest) = category_layout(root, &frame.plot, variants)?;
    let x_range = -0.5..variants.len().max(1) as f64 - 0.5;
    let mut chart =
        builder(&frame.plot, layout.area(widest)).build_cartesian_2d(x_range.clone(), 0.0..100.0)?;
    style_mesh(&mut chart.configure_mesh(), "variant", "games won (%)")
        .disable_x_mesh()
        .x_labels(0)
        .y_label_formatter(&tick)
        .draw()?;
    let reference = vec![(x_range.start, 50.0), (x_range.end, 50.0)];
    chart.draw_series(DashedLineSeries::new(reference, 8, 5, MUTED.stroke_width(1)))?;
    let mut drawn = 0;
    for (i, (label, summary)) in variants.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64, 0.0));
        root.draw(&PathElement::new(vec![(x, y), (x, y + 5)], INK.stroke_width(1)))?;
        layout.draw(root, label, i, (x, y + 10))?;
        drawn += draw_wins(root, &chart, i, summary)?;
    }
    if drawn == 0 {
        draw_no_data(root, &chart)?;
    }
    legend.draw(root, frame.legend_at, frame.legend_width)
}

/// How to set the variant labels under the plot in `plot`, and the widest label's width.
fn category_layout(
    root: &Area<'_>,
    plot: &Area<'_>,
    variants: &[(String, Summary)],
) -> Result<(TickLayout, i32), DrawError> {
    let (width, _) = plot.dim_in_pixel();
    let inner = i32::try_from(width).unwrap_or(i32::MAX) - PLOT_LEFT - Y_AREA - PLOT_RIGHT;
    let slot = inner / i32::try_from(variants.len().max(1)).unwrap_or(i32::MAX);
    let mut widest = 0;
    for (label, _) in variants {
        widest = widest.max(text_width(root, label, TICK_SIZE)?);
    }
    Ok((TickLayout::choose(widest, slot), widest))
}

/// Draw the `i`th variant's win rates (first player left, second right) with their
/// intervals; return how many were drawn.
fn draw_wins(
    root: &Area<'_>,
    chart: &WinChart<'_, '_>,
    i: usize,
    summary: &Summary,
) -> Result<usize, DrawError> {
    let sides =
        [(Metric::FirstWins, -PAIR_OFFSET, Marker::Disc), (Metric::SecondWins, PAIR_OFFSET, Marker::Ring)];
    let mut drawn = 0;
    for (metric, offset, marker) in sides {
        let Some((low, value, high)) = percent_interval(summary.get(metric)) else { continue };
        let x = i as f64 + offset;
        let (px, top) = chart.backend_coord(&(x, high));
        let (_, bottom) = chart.backend_coord(&(x, low));
        draw_error_bar(root, px, (top, bottom), colour(i))?;
        draw_marker(root, chart.backend_coord(&(x, value)), marker, colour(i))?;
        drawn += 1;
    }
    Ok(drawn)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A summary with the given win rates, profiles and lengths.
    fn summary(first: f64, second: f64, branching: [f64; PROFILE_BINS], lengths: Vec<u32>) -> Summary {
        let rate = |value: f64| Some(Estimate { value, half_width: 0.04, n: 500 });
        let seeds = std::array::from_fn(|k| 100.0 - 9.0 * k as f64);
        Summary {
            games: lengths.len(),
            elapsed: Duration::from_millis(120),
            total_seeds: 48,
            metrics: vec![(Metric::FirstWins, rate(first)), (Metric::SecondWins, rate(second))],
            branching_profile: branching,
            seeds_profile: seeds,
            lengths,
        }
    }

    /// Lengths spread around `centre`, with one outlier far out.
    fn lengths(centre: u32, spread: u32, games: u32) -> Vec<u32> {
        let mut v: Vec<u32> = (0..games).map(|i| centre - spread + (i * 7919) % (2 * spread + 1)).collect();
        v.push(centre * 20);
        v
    }

    /// Three variants with labels like the command line's.
    fn variants() -> Vec<(String, Summary)> {
        let falling = std::array::from_fn(|k| 6.0 - 0.4 * k as f64);
        let mut gappy = std::array::from_fn(|k| 4.0 + 0.1 * k as f64);
        gappy[9] = f64::NAN;
        vec![
            ("nsolo".to_string(), summary(0.56, 0.40, falling, lengths(60, 25, 400))),
            ("nsolo:sanderson-1913".to_string(), summary(0.48, 0.47, gappy, lengths(90, 40, 300))),
            ("tsoro?extra=2".to_string(), summary(0.61, 0.30, [f64::NAN; PROFILE_BINS], vec![])),
        ]
    }

    /// A fresh directory under the system's temporary directory.
    fn temp_dir(name: &str) -> PathBuf {
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        std::env::temp_dir().join(format!("sow-plot-{name}-{}-{nanos}", std::process::id()))
    }

    const AXES: [[&str; 2]; 4] = [
        ["game length (plies)", "games (%)"],
        ["game progress (%)", "legal decisions at the start of a turn"],
        ["game progress (%)", "seeds on the board (% of start)"],
        ["variant", "games won (%)"],
    ];

    #[test]
    fn a_legend_of_many_variants_fits_on_a_taller_canvas() {
        assert_eq!(canvas(3), SIZE);
        let many: Vec<(String, Summary)> = (0..42)
            .map(|i| {
                let profile = std::array::from_fn(|k| 1.0 + (i + k) as f64);
                (format!("variant-{i}"), summary(0.5, 0.5, profile, lengths(60, 20, 50)))
            })
            .collect();
        let (width, height) = canvas(many.len());
        assert_eq!(width, SIZE.0);
        assert!(height > SIZE.1);
        let dir = temp_dir("many");
        let paths = write_plots(&dir, &many).expect("charts written");
        let svg = std::fs::read_to_string(&paths[1]).expect("chart readable");
        assert!(svg.starts_with(&format!(r#"<svg width="{width}" height="{height}""#)), "{}", &svg[..80]);
        // The last legend line is drawn on the canvas.
        let at = svg.find(">\nvariant-41\n<").expect("the last variant is in the legend");
        let tag = &svg[svg[..at].rfind("<text").expect("its text element")..at];
        let y: f64 = tag
            .split(r#" y=""#)
            .nth(1)
            .and_then(|t| t.split('"').next())
            .and_then(|t| t.parse().ok())
            .expect("a y");
        assert!(y < f64::from(height) - 10.0, "the last legend line at y = {y} of {height}");
        // Colour and marker together tell the first 40 variants apart.
        let styles: Vec<_> =
            (0..40).map(|i| (PALETTE.iter().position(|&c| c == colour(i)), marker(i))).collect();
        for (i, style) in styles.iter().enumerate() {
            assert!(!styles[..i].contains(style), "variant {i} looks like an earlier one");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn writes_four_well_formed_charts() {
        let dir = temp_dir("four");
        let variants = variants();
        let paths = write_plots(&dir, &variants).expect("charts written");
        let names: Vec<_> =
            paths.iter().map(|p| p.file_name().and_then(|n| n.to_str()).unwrap_or("")).collect();
        assert_eq!(names, ["lengths.svg", "branching.svg", "seeds.svg", "first-player.svg"]);
        for (path, axes) in paths.iter().zip(AXES) {
            let svg = std::fs::read_to_string(path).expect("chart readable");
            assert!(svg.starts_with("<svg"), "{}", path.display());
            assert!(svg.trim_end().ends_with("</svg>"), "{}", path.display());
            for (label, _) in &variants {
                assert!(svg.contains(label.as_str()), "{} lacks {label}", path.display());
            }
            for axis in axes {
                assert!(svg.contains(axis), "{} lacks {axis}", path.display());
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The first-player chart plots both players' wins, and its words say so: the title and
    /// the axis name both, the legend tells the first player's marker from the second's.
    #[test]
    fn the_first_player_chart_says_it_plots_both_players() {
        let dir = temp_dir("sides");
        let paths = write_plots(&dir, &variants()).expect("charts written");
        let svg = std::fs::read_to_string(&paths[3]).expect("chart readable");
        for words in ["Wins of the first and second player", "games won (%)", "first player", "second player"]
        {
            assert!(svg.contains(words), "first-player.svg lacks `{words}`");
        }
        assert!(
            !svg.contains("first player wins"),
            "first-player.svg still calls both players' wins the first's"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn empty_data_does_not_panic() {
        let dir = temp_dir("empty");
        let empty = summary(f64::NAN, 0.0, [f64::NAN; PROFILE_BINS], vec![]);
        let mut no_metrics = empty.clone();
        no_metrics.metrics.clear();
        no_metrics.seeds_profile = [f64::NAN; PROFILE_BINS];
        let variants = vec![("a".to_string(), empty), ("b".to_string(), no_metrics)];
        assert_eq!(write_plots(&dir, &variants).map(|p| p.len()).ok(), Some(4));
        assert_eq!(write_plots(&dir, &[]).map(|p| p.len()).ok(), Some(4));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn many_long_labels_are_all_drawn() {
        let dir = temp_dir("many");
        let variants: Vec<_> = (0..8)
            .map(|i| {
                (
                    format!("variant-{i}:some-long-ruleset-name"),
                    summary(0.5, 0.45, [3.0; PROFILE_BINS], vec![i + 1]),
                )
            })
            .collect();
        let paths = write_plots(&dir, &variants).expect("charts written");
        for path in &paths {
            let svg = std::fs::read_to_string(path).expect("chart readable");
            assert!(variants.iter().all(|(label, _)| svg.contains(label.as_str())), "{}", path.display());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unwritable_directory_is_an_error() {
        let dir = temp_dir("file");
        std::fs::write(&dir, "not a directory").expect("temp file");
        let error = write_plots(&dir, &variants()).expect_err("a file is not a directory");
        assert!(matches!(error, PlotError::CreateDir { .. }), "{error:?}");
        assert_eq!(error.path(), dir);
        let _ = std::fs::remove_file(&dir);
    }

    #[test]
    fn bins_reach_the_99th_percentile() {
        let variants = vec![("a".to_string(), summary(0.5, 0.5, [1.0; PROFILE_BINS], (1..=100).collect()))];
        let bins = Bins::of(&variants);
        assert_eq!(bins, Bins { width: 4, count: 25 });
        let polygon = bins.polygon(&variants[0].1.lengths);
        assert_eq!(polygon.len(), 25);
        assert_eq!(polygon[0], (1.5, 3.0));
        // Only the longest game, past the 99th percentile, is left out.
        assert!((polygon.iter().map(|p| p.1).sum::<f64>() - 99.0).abs() < 1e-9);
        assert_eq!(percentile_99(&mut []), None);
    }

    #[test]
    fn missing_profile_values_break_the_line() {
        let mut values = [1.0; PROFILE_BINS];
        values[0] = f64::NAN;
        values[4] = f64::NAN;
        let runs = profile_runs(&values, None);
        assert_eq!(runs.iter().map(Vec::len).collect::<Vec<_>>(), [3, 5]);
        assert_eq!(runs[0][0], (15.0, 1.0));
    }

    #[test]
    fn intervals_treat_nan_as_zero_and_clip() {
        let e = |value, half_width| Some(Estimate { value, half_width, n: 1 });
        assert_eq!(percent_interval(e(0.5, f64::NAN)), Some((50.0, 50.0, 50.0)));
        let (low, value, high) = percent_interval(e(0.98, 0.05)).expect("an interval");
        assert!((low - 93.0).abs() < 1e-9 && (value - 98.0).abs() < 1e-9 && high == 100.0);
        assert_eq!(percent_interval(None), None);
    }
}

import { formatRand } from "@kantien/domain/money";
import type { ReportChannel } from "@kantien/domain/money-channels";
import { type Palette, useTheme } from "@mui/material/styles";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";

/* The reports' charts (@mui/x-charts), only ever in the reports screen's chunk. Each is drawn
   inside a ChartFigure that names it; its figures are in the table beside it. */

const HEIGHT = 260;

/** Rand on an axis: whole rand, grouped the way the app writes money. */
const axisRand = (value: number) => formatRand(Math.round(value)).replace(/[,.]00$/, "");
const tipRand = (value: number | null) => formatRand(value ?? 0);

/** Each money channel's colour in the charts, from the theme's palette: one per report channel. */
export const CHANNEL_COLOURS: Record<ReportChannel, (palette: Palette) => string> = {
  cash: (palette) => palette.success.main,
  card: (palette) => palette.primary.main,
  eft: (palette) => palette.warning.main,
  online: (palette) => palette.secondary.main,
  other: (palette) => palette.grey[500],
};

/** The colours of the charts, from the theme, so they read in both modes. */
export function useChartColours() {
  const { palette } = useTheme();
  return { sales: palette.primary.main, held: palette.secondary.main };
}

/** Bars of an amount per period. */
export function AmountBars({ ticks, amounts, label }: { ticks: string[]; amounts: number[]; label: string }) {
  const colours = useChartColours();
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: "band", data: ticks }]}
      yAxis={[{ valueFormatter: axisRand, width: 72 }]}
      series={[{ data: amounts, label, color: colours.sales, valueFormatter: tipRand }]}
      hideLegend
    />
  );
}

/** The top dishes by portions, as horizontal bars, the most sold on top. */
export function DishBars({ names, portions, label }: { names: string[]; portions: number[]; label: string }) {
  const colours = useChartColours();
  return (
    <BarChart
      height={Math.max(160, names.length * 32 + 50)}
      layout="horizontal"
      yAxis={[{ scaleType: "band", data: names, width: 120 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ data: portions, label, color: colours.sales }]}
      hideLegend
    />
  );
}

/** Top-ups per period, stacked by channel, with a legend naming the channels. */
export function ChannelBars({
  ticks,
  channels,
}: {
  ticks: string[];
  channels: { key: ReportChannel; label: string; amounts: number[] }[];
}) {
  const { palette } = useTheme();
  return (
    <BarChart
      height={HEIGHT + 40}
      xAxis={[{ scaleType: "band", data: ticks }]}
      yAxis={[{ valueFormatter: axisRand, width: 72 }]}
      series={channels.map((channel) => ({
        data: channel.amounts,
        label: channel.label,
        stack: "top-ups",
        color: CHANNEL_COLOURS[channel.key](palette),
        valueFormatter: tipRand,
      }))}
    />
  );
}

/** The money held at each period's end, as a line. */
export function HeldLine({ ticks, amounts, label }: { ticks: string[]; amounts: number[]; label: string }) {
  const colours = useChartColours();
  return (
    <LineChart
      height={HEIGHT}
      // Room for the last period's tick, which sits on the chart's right edge.
      margin={{ right: 24 }}
      xAxis={[{ scaleType: "point", data: ticks }]}
      yAxis={[{ valueFormatter: axisRand, width: 80 }]}
      // Straight lines: a curve would draw money held between periods that was never there.
      series={[{ data: amounts, label, color: colours.held, valueFormatter: tipRand, curve: "linear" }]}
      hideLegend
    />
  );
}

/** Money held by age: bars of the amount per age band. */
export function AgeBars({
  ages,
  amounts,
  label,
  axisLabel,
}: {
  ages: string[];
  amounts: number[];
  label: string;
  axisLabel: string;
}) {
  const colours = useChartColours();
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: "band", data: ages, label: axisLabel }]}
      yAxis={[{ valueFormatter: axisRand, width: 72 }]}
      series={[{ data: amounts, label, color: colours.held, valueFormatter: tipRand }]}
      hideLegend
    />
  );
}

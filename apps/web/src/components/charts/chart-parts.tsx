import type { AxisText, NiceAxis } from './scale';

/** One line or bar series: a value (or a gap, null) per label. */
export interface ChartSeries {
  key: string;
  name: string;
  values: readonly (number | null)[];
  color?: string;
}

const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#faad14', '#2f54eb'];

/** The series' own colour, else one from the palette by position. */
export const seriesColor = (series: ChartSeries, index: number) => series.color ?? PALETTE[index % PALETTE.length]!;

export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Horizontal grid lines with the value labels on the left, and the axis's unit above them. */
export function ValueAxis({
  axis,
  text,
  plot,
  y,
}: {
  axis: NiceAxis;
  /** The unit and the tick labels the axis is read in (axisText). */
  text: AxisText;
  plot: Plot;
  y: (v: number) => number;
}) {
  return (
    <g className="chart-axis">
      <text x={plot.left - 8} y={plot.top - 6} textAnchor="end" className="chart-unit" data-testid="chart-unit">
        {text.unit}
      </text>
      {axis.ticks.map((tick, i) => (
        <g key={tick}>
          <line
            x1={plot.left}
            x2={plot.left + plot.width}
            y1={y(tick)}
            y2={y(tick)}
            className={tick === 0 ? 'chart-zero' : 'chart-grid'}
          />
          <text x={plot.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" data-testid="chart-tick">
            {text.ticks[i]}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The labels of the chosen slots (`tickSlots`) under the plot, each centred on its slot. */
export function LabelAxis(props: { labels: readonly string[]; plot: Plot; slots: readonly number[]; count: number }) {
  const { labels, plot, slots, count } = props;
  const slot = plot.width / Math.max(1, count);
  return (
    <g className="chart-axis">
      {slots.map((i) => (
        <text key={i} x={plot.left + slot * (i + 0.5)} y={plot.top + plot.height + 18} textAnchor="middle">
          {labels[i]}
        </text>
      ))}
    </g>
  );
}

/** The series names; a click hides or shows a series. */
export function Legend({
  series,
  hidden,
  onToggle,
}: {
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <div className="chart-legend">
      {series.map((s, i) => (
        <button
          key={s.key}
          type="button"
          className={hidden.has(s.key) ? 'chart-legend-item chart-legend-off' : 'chart-legend-item'}
          aria-pressed={!hidden.has(s.key)}
          onClick={() => onToggle(s.key)}
          data-testid={`chart-legend-${s.key}`}
        >
          <span className="chart-swatch" style={{ background: seriesColor(s, i) }} />
          {s.name}
        </button>
      ))}
    </div>
  );
}

/** The values of the hovered slot, beside it. */
export function Tooltip({
  label,
  rows,
  unit,
  x,
  flip,
}: {
  label: string;
  rows: readonly { key: string; name: string; color: string; value: string }[];
  unit: string;
  x: number;
  flip: boolean;
}) {
  return (
    <div
      className="chart-tooltip"
      role="status"
      style={flip ? { right: `calc(100% - ${x - 12}px)` } : { left: x + 12 }}
      data-testid="chart-tooltip"
    >
      <div className="chart-tooltip-label">{label}</div>
      {rows.map((row) => (
        <div key={row.key} className="chart-tooltip-row" data-testid={`chart-tooltip-${row.key}`}>
          <span className="chart-swatch" style={{ background: row.color }} />
          <span>{row.name}</span>
          <b data-value>{unit && row.value !== '—' ? `${row.value} ${unit}` : row.value}</b>
        </div>
      ))}
    </div>
  );
}

import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelAxis, Legend, Tooltip, ValueAxis, seriesColor, type ChartSeries, type Plot } from './chart-parts';
import { axisText, extent, linearScale, niceAxis, slotAt, tickSlots } from './scale';
import { useWidth } from './use-width';
import './charts.css';

export interface ChartProps {
  /** One label per slot (time of day, day, month, year), as the tooltip shows it. */
  labels: readonly string[];
  /** Length of a slot when fixed (5, 15, 30, 60 or 1440): ticks then fall on whole hours, days or weeks. */
  slotMinutes?: number;
  /** The axis text of each slot where shorter than its label (a day's first slot as its date); default: the labels. */
  ticks?: readonly string[];
  series: readonly ChartSeries[];
  /**
   * Unit of every value ('kWh', 'W'). A unit with SI prefixes is stepped up by the largest value shown (kWh → MWh
   * from 10,000 kWh, W → kW → MW), and the axis and the tooltip both show the values in the unit chosen.
   */
  unit: string;
  /** What the chart says when there is nothing to draw. */
  emptyText: string;
  height?: number;
  /** Most decimals of a tooltip value in `unit` (two in a stepped-up unit); values read in the UI language. */
  decimals?: number;
  /** Makes the slots clickable (e.g. to open what a bar counts); gets the slot's index. */
  onSlotClick?: (index: number) => void;
  'data-testid'?: string;
}

const MARGIN = { left: 64, right: 12, top: 24, bottom: 28 };

function linePath(values: readonly (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let path = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) return void (pen = false);
    path += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  });
  return path;
}

/** Bars grouped per slot, or lines through the slot centres (gaps where a value is null). */
function Marks(props: {
  kind: 'line' | 'bar';
  series: readonly { s: ChartSeries; color: string }[];
  plot: Plot;
  count: number;
  y: (v: number) => number;
}) {
  const { kind, series, plot, count, y } = props;
  const slot = plot.width / count;
  const center = (i: number) => plot.left + slot * (i + 0.5);
  if (kind === 'line') {
    return series.map(({ s, color }) => (
      <g key={s.key} data-testid={`chart-line-${s.key}`}>
        <path d={linePath(s.values, center, y)} fill="none" stroke={color} strokeWidth={1.8} className="chart-line" />
        {s.values.map((v, i) =>
          // A value between two gaps would draw no line at all: mark it with a dot.
          v !== null && s.values[i - 1] == null && s.values[i + 1] == null ? (
            <circle key={i} cx={center(i)} cy={y(v)} r={2.5} fill={color} />
          ) : null,
        )}
      </g>
    ));
  }
  const group = slot * 0.7;
  const bar = group / Math.max(1, series.length);
  return series.map(({ s, color }, k) => (
    <g key={s.key} fill={color} data-testid={`chart-bars-${s.key}`}>
      {s.values.map((v, i) => {
        if (v === null || v === 0) return null;
        const top = Math.min(y(v), y(0));
        return (
          <rect
            key={i}
            className="chart-bar"
            x={plot.left + slot * i + (slot - group) / 2 + bar * k}
            width={Math.max(1, bar - (series.length > 1 ? 1 : 0))}
            y={top}
            height={Math.max(1, Math.abs(y(v) - y(0)))}
          />
        );
      })}
    </g>
  ));
}

function clickSlot(event: MouseEvent<SVGRectElement>, count: number, onSlotClick: (index: number) => void): void {
  const bounds = event.currentTarget.getBoundingClientRect();
  const index = slotAt(event.clientX - bounds.left, bounds.width, count);
  if (index >= 0 && index < count) onSlotClick(index);
}

/** A responsive SVG chart of several series over labelled slots, with axes, legend and hover tooltip. */
export function XYChart({ kind, ...props }: ChartProps & { kind: 'line' | 'bar' }) {
  const { labels, series, unit, emptyText, height = 280, decimals = 2, onSlotClick, ticks = labels } = props;
  const { i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [hover, setHover] = useState(-1);
  const shown = series.map((s, i) => ({ s, color: seriesColor(s, i) })).filter(({ s }) => !hidden.has(s.key));
  const empty = labels.length === 0 || series.every((s) => s.values.every((v) => v === null));
  const plot: Plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(0, width - MARGIN.left - MARGIN.right),
    height: height - MARGIN.top - MARGIN.bottom,
  };
  const data = extent(shown.flatMap(({ s }) => s.values));
  const axis = niceAxis(...data, 5);
  const y = linearScale([axis.min, axis.max], [plot.top + plot.height, plot.top]);
  const text = axisText(axis, data, unit, i18n.language, decimals);
  const toggle = (key: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    setHover(slotAt(event.clientX - bounds.left, bounds.width, labels.length));
  };
  const slotCenter = plot.left + (plot.width / Math.max(1, labels.length)) * (hover + 0.5);

  return (
    <div className="chart" ref={box} data-testid={props['data-testid']} data-kind={kind}>
      <Legend series={series} hidden={hidden} onToggle={toggle} />
      {empty ? (
        <div className="chart-empty" style={{ height }} data-testid="chart-empty">
          {emptyText}
        </div>
      ) : (
        width > 0 && (
          <svg width={width} height={height} role="img" aria-label={series.map((s) => s.name).join(', ')}>
            <ValueAxis axis={axis} text={text} plot={plot} y={y} />
            <LabelAxis
              labels={ticks}
              plot={plot}
              slots={tickSlots(ticks, plot.width, props.slotMinutes, MARGIN.right)}
              count={labels.length}
            />
            {hover >= 0 && (
              <line x1={slotCenter} x2={slotCenter} y1={plot.top} y2={plot.top + plot.height} className="chart-guide" />
            )}
            <Marks kind={kind} series={shown} plot={plot} count={labels.length} y={y} />
            <rect
              x={plot.left}
              y={plot.top}
              width={plot.width}
              height={plot.height}
              fill="transparent"
              onMouseMove={onMove}
              onMouseLeave={() => setHover(-1)}
              onClick={onSlotClick && ((event) => clickSlot(event, labels.length, onSlotClick))}
              style={onSlotClick ? { cursor: 'pointer' } : undefined}
              data-testid="chart-hover"
            />
          </svg>
        )
      )}
      {!empty && hover >= 0 && hover < labels.length && (
        <Tooltip
          label={labels[hover]!}
          unit={text.unit}
          x={slotCenter}
          flip={slotCenter > width / 2}
          rows={shown.map(({ s, color }) => {
            const v = s.values[hover];
            return { key: s.key, name: s.name, color, value: text.value(v) };
          })}
        />
      )}
    </div>
  );
}

/** Lines over the slots (power curves, 5-minute energies). */
export const LineChart = (props: ChartProps) => <XYChart kind="line" {...props} />;

/** Grouped bars per slot (energies per hour, day, month or year). */
export const BarChart = (props: ChartProps) => <XYChart kind="bar" {...props} />;

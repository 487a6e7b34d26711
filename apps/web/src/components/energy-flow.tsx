import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EnergyQuantity } from '@voltfleet/domain/telemetry';
import type { EnergyTotals, PowerFlow } from '@voltfleet/domain/plants';
import { ENERGY_KWH_KEYS, energyBalance } from '@voltfleet/domain/plants';
import { formatPercent, scaleTogether, type ViewScale } from '@/lib/number-format';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import {
  DASH_PERIOD,
  FLOW_NODES,
  flowBranch,
  flowSentenceKey,
  flowState,
  socArc,
  socBand,
  type FlowBranch,
  type FlowNode,
} from './energy-flow-model';
import { GridIcon, InverterIcon, LoadIcon, PvIcon } from './energy-flow-icons';
import './energy-flow.css';

/*
 * One drawing in a 400 × 350 viewBox, scaled to the width it is given: a plant detail card of 300 px and a wall screen
 * of 1,200 px and more show the same picture. The inverter sits in the middle; PV above, battery below, grid left,
 * load right, each with its words beside it where no line runs.
 */
const WIDTH = 400;
const HEIGHT = 350;
const CENTRE = { x: 200, y: 172 };
const INVERTER_R = 24;
const NODE_R = 28;
const SOC_R = NODE_R - 3;
const SOC_LENGTH = 2 * Math.PI * SOC_R;

interface Layout {
  x: number;
  y: number;
  /** Where the node's words start (or end, for `anchor: 'end'`) and the baseline of each of its lines. */
  text: { x: number; anchor: 'start' | 'end'; lines: number[] };
}
const LAYOUT: Record<FlowNode, Layout> = {
  pv: { x: 200, y: 44, text: { x: 238, anchor: 'start', lines: [30, 52, 68] } },
  battery: { x: 200, y: 300, text: { x: 238, anchor: 'start', lines: [284, 306, 322, 338] } },
  grid: { x: 48, y: 172, text: { x: 8, anchor: 'start', lines: [218, 240, 256, 271] } },
  load: { x: 352, y: 172, text: { x: 392, anchor: 'end', lines: [218, 240, 256] } },
};

/** Today's energies each node lists: what PV generated, the load consumed, the grid and the battery both ways. */
const TODAY: Record<FlowNode, { quantity: EnergyQuantity; testId: string }[]> = {
  pv: [{ quantity: 'pv', testId: 'pv-today' }],
  load: [{ quantity: 'load', testId: 'load-today' }],
  grid: [
    { quantity: 'gridImport', testId: 'grid-import-today' },
    { quantity: 'gridExport', testId: 'grid-export-today' },
  ],
  battery: [
    { quantity: 'batCharge', testId: 'battery-charge-today' },
    { quantity: 'batDischarge', testId: 'battery-discharge-today' },
  ],
};

/**
 * The graph's figures, each kind in one unit: the four powers in the unit of the largest (W, kW or MW: never
 * "12.29 kW" beside "6,981 W"), today's energies likewise in kWh, MWh or GWh. A power is written without its sign:
 * the words and the line's direction say which way it flows.
 */
interface Figures {
  power: ViewScale;
  energy: ViewScale;
}

function figuresOf(branches: readonly FlowBranch[], lang: string, today?: EnergyTotals): Figures {
  return {
    power: scaleTogether(
      'W',
      branches.map((b) => b.powerW),
      lang,
      0,
    ),
    energy: scaleTogether('kWh', today ? Object.values(ENERGY_KWH_KEYS).map((key) => today[key]) : [], lang, 2),
  };
}
const powerText = (w: number | null, figures: Figures) => figures.power.text(w === null ? null : Math.abs(w));
const socText = (socPct: number | null, lang: string) =>
  socPct === null || !Number.isFinite(socPct) ? '—' : formatPercent(socPct, lang, 1);

/** The flows in words, for screen readers: each branch, the battery's charge and, when given, today's energies. */
function flowSummary(
  t: TFunction,
  lang: string,
  figures: Figures,
  power: PowerFlow,
  branches: FlowBranch[],
  today?: EnergyTotals,
) {
  const says = (branch: FlowBranch) =>
    t(`energyFlow.says.${flowSentenceKey(branch)}`, { power: powerText(branch.powerW, figures) });
  const [pv, load, grid, battery] = branches.map(says);
  const socShown = socText(power.batSocPct, lang);
  const soc = socShown === '—' ? t('energyFlow.says.socNone') : t('energyFlow.says.soc', { soc: socShown });
  const energies = today
    ? t('energyFlow.says.today', {
        ...Object.fromEntries(
          Object.entries(ENERGY_KWH_KEYS).map(([quantity, key]) => [quantity, figures.energy.text(today[key])]),
        ),
      })
    : '';
  return t('energyFlow.says.summary', { pv, load, grid, battery, soc, today: energies }).trim();
}

/** A branch's line from its node to the inverter, drawn in the direction the power goes, with dots running along. */
function FlowLine({ branch, animate }: { branch: FlowBranch; animate: boolean }) {
  const node = LAYOUT[branch.node];
  const dx = CENTRE.x - node.x;
  const dy = CENTRE.y - node.y;
  const length = Math.hypot(dx, dy);
  const [ux, uy] = [dx / length, dy / length];
  const from = { x: node.x + ux * NODE_R, y: node.y + uy * NODE_R };
  const to = { x: CENTRE.x - ux * INVERTER_R, y: CENTRE.y - uy * INVERTER_R };
  const [start, end] = branch.direction === 'out' ? [to, from] : [from, to];
  const d = `M${start.x} ${start.y} L${end.x} ${end.y}`;
  const angle = (Math.atan2(end.y - start.y, end.x - start.x) * 180) / Math.PI;
  const moving = branch.direction !== 'none';
  return (
    <g
      className={`energy-flow-line energy-flow-${branch.node}${moving ? ' energy-flow-active' : ''}`}
      data-testid={`energy-flow-${branch.node}-line`}
      data-direction={branch.direction}
      data-width={branch.widthPx.toFixed(2)}
      data-animated={moving && animate ? 'true' : 'false'}
    >
      <path className="energy-flow-track" d={d} strokeWidth={branch.widthPx} />
      {moving && animate && (
        <path
          className="energy-flow-dots"
          d={d}
          strokeWidth={branch.widthPx + 2}
          strokeDasharray={`0 ${DASH_PERIOD}`}
          style={{ animationDuration: `${branch.periodS}s` }}
        />
      )}
      {moving && (
        // The direction also as an arrow, so it reads without motion (reduced motion, a still screenshot).
        <path
          className="energy-flow-arrow"
          d="M-4 -5 L3 0 L-4 5"
          transform={`translate(${(start.x + end.x) / 2} ${(start.y + end.y) / 2}) rotate(${angle})`}
        />
      )}
    </g>
  );
}

/** A node's words: its name (and which way it runs), its live power and today's energies. */
function NodeText({ branch, figures, today }: { branch: FlowBranch; figures: Figures; today?: EnergyTotals }) {
  const { t } = useTranslation();
  const { text } = LAYOUT[branch.node];
  const state = flowState(branch);
  const lines: ReactNode[] = [
    <>
      <tspan className="energy-flow-name">{t(`energyFlow.${branch.node}`)}</tspan>
      {state && (
        <tspan className="energy-flow-state" data-testid={`energy-flow-${branch.node}-state`}>
          {` · ${t(`energyFlow.state.${state}`)}`}
        </tspan>
      )}
    </>,
    <tspan className="energy-flow-power" data-testid={`energy-flow-${branch.node}-power`}>
      {powerText(branch.powerW, figures)}
    </tspan>,
    ...(today
      ? TODAY[branch.node].map(({ quantity, testId }) => (
          <>
            <tspan className="energy-flow-label">{`${t(`energyFlow.today.${quantity}`)} `}</tspan>
            <tspan className="energy-flow-energy" data-testid={`energy-flow-${testId}`}>
              {figures.energy.text(today[ENERGY_KWH_KEYS[quantity]])}
            </tspan>
          </>
        ))
      : []),
  ];
  return (
    <g textAnchor={text.anchor}>
      {lines.map((line, i) => (
        <text key={i} x={text.x} y={text.lines[i]} className={i > 1 ? 'energy-flow-today' : undefined}>
          {line}
        </text>
      ))}
    </g>
  );
}

const ICONS: Record<Exclude<FlowNode, 'battery'>, () => ReactNode> = { pv: PvIcon, load: LoadIcon, grid: GridIcon };

/** The battery's circle: a ring filled to its state of charge, the percentage inside. */
function BatteryNode({ socPct, lang }: { socPct: number | null; lang: string }) {
  return (
    <g className={`energy-flow-soc energy-flow-soc-${socBand(socPct)}`}>
      <circle className="energy-flow-soc-track" r={SOC_R} />
      <circle
        className="energy-flow-soc-fill"
        r={SOC_R}
        strokeDasharray={`${socArc(socPct, SOC_LENGTH)} ${SOC_LENGTH}`}
        transform="rotate(-90)"
      />
      <text className="energy-flow-soc-text" y={4} textAnchor="middle" data-testid="energy-flow-battery-soc">
        {socText(socPct, lang)}
      </text>
    </g>
  );
}

/**
 * Where a plant's (or a fleet's) power goes now: PV, battery, load and grid around the inverter, each line running
 * the way its power flows, thicker and faster the more it carries; nothing moves where nothing flows or nothing was
 * reported. With `energyToday` each node also lists today's energies.
 */
export function EnergyFlow({
  power,
  energyToday,
  theme = 'light',
}: {
  power: PowerFlow;
  energyToday?: EnergyTotals;
  theme?: 'light' | 'dark';
}) {
  const { t, i18n } = useTranslation();
  const still = useReducedMotion();
  const className = `energy-flow energy-flow-${theme}`;
  const lang = i18n.language;
  const branches = FLOW_NODES.map((node) => flowBranch(node, power));
  const figures = figuresOf(branches, lang, energyToday);
  return (
    <div className={className} data-testid="energy-flow">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={flowSummary(t, lang, figures, power, branches, energyToday)}
      >
        {branches.map((branch) => (
          <FlowLine key={branch.node} branch={branch} animate={!still} />
        ))}
        {branches.map((branch) => (
          <g key={branch.node} className={`energy-flow-node energy-flow-${branch.node}`}>
            <g transform={`translate(${LAYOUT[branch.node].x} ${LAYOUT[branch.node].y})`}>
              <circle className="energy-flow-disc" r={NODE_R} />
              {branch.node === 'battery' ? <BatteryNode socPct={power.batSocPct} lang={lang} /> : ICONS[branch.node]()}
            </g>
            <NodeText branch={branch} figures={figures} today={energyToday} />
          </g>
        ))}
        <g className="energy-flow-node energy-flow-inverter" transform={`translate(${CENTRE.x} ${CENTRE.y})`}>
          <circle className="energy-flow-disc" r={INVERTER_R} />
          <InverterIcon />
          <title>{t('energyFlow.inverter')}</title>
        </g>
      </svg>
      {energyToday && <BalanceLine today={energyToday} figures={figures} lang={lang} />}
    </div>
  );
}

/**
 * Today's energies add up: what came in (PV, battery, grid) is what went out (load, battery, grid) plus the
 * inverters' conversion and the battery's storage losses, stated so that a reader can check the six figures.
 */
function BalanceLine({ today, figures, lang }: { today: EnergyTotals; figures: Figures; lang: string }) {
  const { t } = useTranslation();
  const balance = energyBalance(today);
  if (balance.lossPct === null || !Number.isFinite(balance.lossKwh)) return null;
  return (
    <p className="energy-flow-balance" data-testid="energy-flow-balance">
      {t('energyFlow.balance', {
        in: figures.energy.text(balance.inKwh),
        out: figures.energy.text(balance.outKwh),
        loss: figures.energy.text(Math.max(0, balance.lossKwh)),
        pct: formatPercent(Math.max(0, balance.lossPct), lang, 1),
      })}
    </p>
  );
}

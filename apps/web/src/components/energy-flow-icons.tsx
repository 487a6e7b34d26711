/* The energy-flow graph's node pictures, drawn around (0, 0) in about 24 viewBox units, stroked in currentColor. */

/** A solar panel: a tilted frame of cells. */
export const PvIcon = () => (
  <g className="energy-flow-icon">
    <path d="M-11 -7 H11 L14 8 H-14 Z" />
    <path d="M-12.5 0.5 H12.5 M-4 -7 L-5 8 M4 -7 L5 8" />
    <path d="M-2 8 V12 M2 8 V12 M-5 12 H5" />
  </g>
);

/** A house. */
export const LoadIcon = () => (
  <g className="energy-flow-icon">
    <path d="M-13 0 L0 -11 L13 0" />
    <path d="M-9 -2.5 V11 H9 V-2.5" />
    <path d="M-3 11 V4 H3 V11" />
  </g>
);

/** A transmission pylon. */
export const GridIcon = () => (
  <g className="energy-flow-icon">
    <path d="M-8 12 L-2.5 -12 H2.5 L8 12" />
    <path d="M-11 -5 H11 M-9 3 H9 M-6.5 -5 L5 3 M6.5 -5 L-5 3" />
  </g>
);

/** The inverter: a box turning direct current into a wave. */
export const InverterIcon = () => (
  <g className="energy-flow-icon">
    <rect x={-11} y={-11} width={22} height={22} rx={3} />
    <path d="M-7 -4 H-1 M-7 -1.5 H-1" />
    <path d="M1 5 q1.5 -5 3 0 t3 0" />
    <path d="M-7 7 L7 -7" />
  </g>
);

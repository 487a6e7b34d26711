import type { ReactNode } from 'react';
import type { WeatherCondition } from '@voltfleet/domain/plants';

// Hand-drawn 48×48 icons shipped with the app (no icon font, nothing fetched). Shapes are reused between them.
const SUN = '#f5a623';
const CLOUD = '#9aa7b4';
const DARK_CLOUD = '#6f7c8a';
const WATER = '#3b8fd9';
const SNOW = '#7fb8e6';
const BOLT = '#f2c200';

function Sun({ cx = 24, cy = 24, r = 9 }: { cx?: number; cy?: number; r?: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
    const rad = (deg * Math.PI) / 180;
    const inner = r + 3;
    const outer = r + 7;
    return (
      <line
        key={deg}
        x1={cx + inner * Math.cos(rad)}
        y1={cy + inner * Math.sin(rad)}
        x2={cx + outer * Math.cos(rad)}
        y2={cy + outer * Math.sin(rad)}
        stroke={SUN}
        strokeWidth={2.5}
        strokeLinecap="round"
      />
    );
  });
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={SUN} />
      {rays}
    </g>
  );
}

function Cloud({ fill = CLOUD, dy = 0 }: { fill?: string; dy?: number }) {
  return (
    <path transform={`translate(0 ${dy})`} d="M14 34h22a7 7 0 0 0 0-14 10 10 0 0 0-19-2 8 8 0 0 0-3 16z" fill={fill} />
  );
}

function Drops({ count, long }: { count: number; long: boolean }) {
  const xs = count === 2 ? [19, 29] : [16, 24, 32];
  return (
    <g stroke={WATER} strokeWidth={2.5} strokeLinecap="round">
      {xs.map((x) => (
        <line key={x} x1={x} y1={37} x2={x - (long ? 3 : 1.5)} y2={long ? 45 : 41} />
      ))}
    </g>
  );
}

function Flake({ x, y }: { x: number; y: number }) {
  const arm = 3.2;
  return (
    <g stroke={SNOW} strokeWidth={1.6} strokeLinecap="round">
      {[0, 60, 120].map((deg) => {
        const dx = arm * Math.cos((deg * Math.PI) / 180);
        const dy = arm * Math.sin((deg * Math.PI) / 180);
        return <line key={deg} x1={x - dx} y1={y - dy} x2={x + dx} y2={y + dy} />;
      })}
    </g>
  );
}

function Flakes() {
  return (
    <>
      <Flake x={16} y={40} />
      <Flake x={24} y={44} />
      <Flake x={32} y={40} />
    </>
  );
}

const ICONS: Record<WeatherCondition, ReactNode> = {
  clear: <Sun />,
  partlyCloudy: (
    <>
      <Sun cx={18} cy={17} r={7} />
      <Cloud dy={4} />
    </>
  ),
  cloudy: (
    <>
      <Cloud fill={CLOUD} dy={-4} />
      <path d="M20 38h18a5 5 0 0 0 0-10 8 8 0 0 0-15-1 6 6 0 0 0-3 11z" fill={DARK_CLOUD} />
    </>
  ),
  fog: (
    <>
      <Cloud dy={-6} />
      <g stroke={CLOUD} strokeWidth={2.5} strokeLinecap="round">
        <line x1={10} y1={34} x2={38} y2={34} />
        <line x1={14} y1={39} x2={40} y2={39} />
        <line x1={10} y1={44} x2={34} y2={44} />
      </g>
    </>
  ),
  drizzle: (
    <>
      <Cloud dy={-4} />
      <Drops count={2} long={false} />
    </>
  ),
  rain: (
    <>
      <Cloud fill={DARK_CLOUD} dy={-4} />
      <Drops count={3} long />
    </>
  ),
  snow: (
    <>
      <Cloud dy={-4} />
      <Flakes />
    </>
  ),
  showers: (
    <>
      <Sun cx={16} cy={13} r={6} />
      <Cloud dy={-2} />
      <Drops count={2} long />
    </>
  ),
  thunderstorm: (
    <>
      <Cloud fill={DARK_CLOUD} dy={-4} />
      <path d="M26 30l-6 9h5l-3 8 9-11h-5l3-6z" fill={BOLT} />
    </>
  ),
};

/** The icon of a weather condition; `title` is its localised name for screen readers. */
export function WeatherIcon({
  condition,
  title,
  size = 48,
}: {
  condition: WeatherCondition;
  title: string;
  size?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role="img"
      aria-label={title}
      data-condition={condition}
      className="weather-icon"
    >
      <title>{title}</title>
      {ICONS[condition]}
    </svg>
  );
}

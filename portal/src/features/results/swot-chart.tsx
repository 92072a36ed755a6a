import type { SwotCategory } from '@invigil/shared/domain/swot';
import { SWOT_SPLIT } from '@invigil/shared/domain/swot';
import { useId } from 'react';
import { formatPercent } from './format';
import type { SwotPoint } from './result-analysis';

/** Plot area inside a 0..W, 0..H viewBox: x is attempt rate, y is accuracy, both 0-100%. */
const W = 340;
const H = 320;
const LEFT = 44;
const RIGHT = W - 12;
const TOP = 12;
const BOTTOM = H - 40;

const x = (percent: number) => LEFT + (Math.min(100, Math.max(0, percent)) / 100) * (RIGHT - LEFT);
const y = (percent: number) => BOTTOM - (Math.min(100, Math.max(0, percent)) / 100) * (BOTTOM - TOP);

/** Fill and text classes of each quadrant (daisyUI semantic colours, so themes apply). */
const QUADRANTS: { category: SwotCategory; x0: number; y0: number; fill: string; text: string; dot: string; badge: string }[] = [
  { category: 'Opportunity', x0: 0, y0: 100, fill: 'fill-info/15', text: 'fill-info', dot: 'fill-info', badge: 'badge-info' },
  { category: 'Strength', x0: SWOT_SPLIT, y0: 100, fill: 'fill-success/15', text: 'fill-success', dot: 'fill-success', badge: 'badge-success' },
  { category: 'Weakness', x0: 0, y0: SWOT_SPLIT, fill: 'fill-error/15', text: 'fill-error', dot: 'fill-error', badge: 'badge-error' },
  { category: 'Threat', x0: SWOT_SPLIT, y0: SWOT_SPLIT, fill: 'fill-warning/20', text: 'fill-warning', dot: 'fill-warning', badge: 'badge-warning' },
];

const styleOf = (category: SwotCategory) => QUADRANTS.find((quadrant) => quadrant.category === category) ?? (QUADRANTS[0] as (typeof QUADRANTS)[number]);

function describe(point: SwotPoint): string {
  return `${point.label}: attempt rate ${formatPercent(point.attempt_rate)}, accuracy ${formatPercent(point.accuracy)}, ${point.category}`;
}

/**
 * The SWOT chart as inline SVG (no chart library: it is four rectangles and a few dots). The SVG is
 * an image with a title and a description; the numbered list under it says the same in text.
 */
export function SwotChart({ points, heading }: { points: readonly SwotPoint[]; heading: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const descId = `${id}-desc`;
  const listId = `${id}-list`;
  const summary = points.length > 0 ? points.map(describe).join('. ') : 'No figures to plot.';
  return (
    <figure className="flex flex-col gap-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">{heading}</h3>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-md self-center"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${descId} ${listId}`}
      >
        <title id={`${id}-title`}>{heading}: attempt rate against accuracy</title>
        <desc id={descId}>
          Strength is over 50% on both, Weakness 50% or less on both, Opportunity high accuracy with a low attempt rate, Threat a high attempt rate with low accuracy. {summary}
        </desc>
        {QUADRANTS.map((quadrant) => (
          <g key={quadrant.category}>
            <rect
              x={x(quadrant.x0)}
              y={y(quadrant.y0)}
              width={x(quadrant.x0 + SWOT_SPLIT) - x(quadrant.x0)}
              height={y(quadrant.y0 - SWOT_SPLIT) - y(quadrant.y0)}
              className={quadrant.fill}
            />
            <text
              x={(x(quadrant.x0) + x(quadrant.x0 + SWOT_SPLIT)) / 2}
              y={y(quadrant.y0) + 18}
              textAnchor="middle"
              className={`${quadrant.text} text-[13px] font-bold`}
            >
              {quadrant.category}
            </text>
          </g>
        ))}
        <g className="stroke-base-content/40" strokeWidth={1}>
          <line x1={LEFT} y1={BOTTOM} x2={RIGHT} y2={BOTTOM} />
          <line x1={LEFT} y1={TOP} x2={LEFT} y2={BOTTOM} />
          <line x1={x(SWOT_SPLIT)} y1={TOP} x2={x(SWOT_SPLIT)} y2={BOTTOM} strokeDasharray="4 3" />
          <line x1={LEFT} y1={y(SWOT_SPLIT)} x2={RIGHT} y2={y(SWOT_SPLIT)} strokeDasharray="4 3" />
        </g>
        <g className="fill-base-content text-[11px]">
          {[0, 50, 100].map((tick) => (
            <g key={tick}>
              <text x={x(tick)} y={BOTTOM + 14} textAnchor="middle">{tick}</text>
              <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end">{tick}</text>
            </g>
          ))}
          <text x={(LEFT + RIGHT) / 2} y={H - 6} textAnchor="middle" className="text-[12px]">Attempt rate (%)</text>
          <text x={12} y={(TOP + BOTTOM) / 2} textAnchor="middle" transform={`rotate(-90 12 ${(TOP + BOTTOM) / 2})`} className="text-[12px]">
            Accuracy (%)
          </text>
        </g>
        {points.map((point, i) => (
          <g key={`${point.label}-${i}`}>
            <circle cx={x(point.attempt_rate)} cy={y(point.accuracy)} r={9} className={`${styleOf(point.category).dot} stroke-base-100`} strokeWidth={2} />
            <text x={x(point.attempt_rate)} y={y(point.accuracy) + 4} textAnchor="middle" className="fill-base-100 text-[10px] font-bold">
              {i + 1}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <ol id={listId} className="flex flex-col gap-1 text-sm">
          {points.map((point, i) => (
            <li key={`${point.label}-${i}`} className="flex flex-wrap items-center gap-2">
              <span className="badge badge-neutral badge-sm" aria-hidden="true">{i + 1}</span>
              <span className="font-medium">{point.label}</span>
              <span>attempt rate {formatPercent(point.attempt_rate)}, accuracy {formatPercent(point.accuracy)}</span>
              <span className={`badge badge-sm ${styleOf(point.category).badge}`}>{point.category}</span>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}

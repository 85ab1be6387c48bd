import type { DayCount } from '../../../../shared/src/api/insights';

const WIDTH = 300;
const HEIGHT = 100;
/** Room above the tallest bar, so a lone spike (a new bot's first day) is never cut at the top. */
const HEADROOM = 8;
/** A bar never fills its whole day: one or two days of data still read as bars, not as a block. */
const BAR_SHARE = 0.6;
/** Fewest days drawn: a bot created yesterday still gets a week's axis, its days in place. */
export const MIN_DAYS = 7;

const monthDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The days worth drawing: from the bot's creation day (not 30 empty days before it), at least
 * MIN_DAYS, at most what the summary holds.
 */
export function visibleDays(days: DayCount[], createdAt?: string | null): DayCount[] {
  if (!createdAt) return days;
  const created = createdAt.slice(0, 10);
  const from = days.findIndex((d) => d.day >= created);
  const start = from < 0 ? 0 : Math.min(from, Math.max(0, days.length - MIN_DAYS));
  return days.slice(start);
}

/** Which days get a date under the axis: each of a week, else about five spread evenly, the last always. */
function labelled(n: number): Set<number> {
  if (n <= MIN_DAYS) return new Set(Array.from({ length: n }, (_, i) => i));
  const step = Math.ceil(n / 5);
  const out = new Set<number>([n - 1]);
  for (let i = n - 1 - step; i >= 0; i -= step) out.add(i);
  return out;
}

/**
 * Conversations (bars) and messages (a line) per day, as a small inline SVG: no chart library.
 * Each series has its own scale (messages outnumber conversations), named at the axis ends; dates
 * run under the bars. The numbers are in the figure's text alternative and each bar's title.
 */
export function DailyChart({ days }: { days: DayCount[] }) {
  const maxConv = Math.max(1, ...days.map((d) => d.conversations));
  const maxMsg = Math.max(1, ...days.map((d) => d.messages));
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * BAR_SHARE);
  const y = (value: number, max: number) => HEIGHT - (value / max) * (HEIGHT - HEADROOM);
  const line = days.map((d, i) => `${(i * slot + slot / 2).toFixed(1)},${y(d.messages, maxMsg).toFixed(1)}`).join(' ');
  const totalConv = days.reduce((s, d) => s + d.conversations, 0);
  const totalMsg = days.reduce((s, d) => s + d.messages, 0);
  const label = `Last ${days.length} days: ${totalConv} conversations and ${totalMsg} messages.`;
  const dated = labelled(days.length);
  return (
    <figure className="insights-chart">
      <div className="insights-plot">
        <div className="insights-axis insights-axis-left" aria-hidden="true">
          <span>{maxConv}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
          <line className="insights-baseline" x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => (
            <rect
              key={d.day}
              className="insights-bar"
              x={i * slot + (slot - barWidth) / 2}
              y={y(d.conversations, maxConv)}
              width={barWidth}
              height={HEIGHT - y(d.conversations, maxConv)}
              data-day={d.day}
            >
              <title>{`${monthDay(d.day)}: ${d.conversations} conversations, ${d.messages} messages`}</title>
            </rect>
          ))}
          {totalMsg > 0 && <polyline className="insights-line" points={line} fill="none" vectorEffect="non-scaling-stroke" />}
        </svg>
        <div className="insights-axis insights-axis-right" aria-hidden="true">
          <span>{totalMsg > 0 ? maxMsg : ''}</span>
          <span>{totalMsg > 0 ? 0 : ''}</span>
        </div>
        <div className="insights-dates" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
          {days.map((d, i) => (
            <span key={d.day}>{dated.has(i) ? monthDay(d.day) : ''}</span>
          ))}
        </div>
      </div>
      <figcaption className="insights-legend">
        <span>
          <span className="insights-key insights-key-bar" aria-hidden="true" /> Conversations (left scale)
        </span>
        <span>
          <span className="insights-key insights-key-line" aria-hidden="true" /> Messages (right scale)
        </span>
      </figcaption>
    </figure>
  );
}

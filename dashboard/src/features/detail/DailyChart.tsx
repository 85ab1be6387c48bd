import type { DayCount } from '../../../../shared/src/api/insights';

const WIDTH = 300;
const HEIGHT = 80;
const GAP = 2;

/**
 * Conversations (bars) and messages (a line) per day, as a small inline SVG: no chart library.
 * Each series has its own scale (messages outnumber conversations); the numbers are in the
 * figure's text alternative and in each bar's title for exact values.
 */
export function DailyChart({ days }: { days: DayCount[] }) {
  const maxConv = Math.max(1, ...days.map((d) => d.conversations));
  const maxMsg = Math.max(1, ...days.map((d) => d.messages));
  const slot = WIDTH / Math.max(1, days.length);
  const y = (value: number, max: number) => HEIGHT - (value / max) * (HEIGHT - 4);
  const line = days.map((d, i) => `${(i * slot + slot / 2).toFixed(1)},${y(d.messages, maxMsg).toFixed(1)}`).join(' ');
  const totalConv = days.reduce((s, d) => s + d.conversations, 0);
  const totalMsg = days.reduce((s, d) => s + d.messages, 0);
  const label = `Last ${days.length} days: ${totalConv} conversations and ${totalMsg} messages.`;
  return (
    <figure className="insights-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        {days.map((d, i) => (
          <rect
            key={d.day}
            className="insights-bar"
            x={i * slot + GAP / 2}
            y={y(d.conversations, maxConv)}
            width={Math.max(1, slot - GAP)}
            height={HEIGHT - y(d.conversations, maxConv)}
            data-day={d.day}
          >
            <title>{`${d.day}: ${d.conversations} conversations, ${d.messages} messages`}</title>
          </rect>
        ))}
        {totalMsg > 0 && <polyline className="insights-line" points={line} fill="none" vectorEffect="non-scaling-stroke" />}
      </svg>
      <figcaption className="insights-legend">
        <span>
          <span className="insights-key insights-key-bar" aria-hidden="true" /> Conversations
        </span>
        <span>
          <span className="insights-key insights-key-line" aria-hidden="true" /> Messages
        </span>
      </figcaption>
    </figure>
  );
}

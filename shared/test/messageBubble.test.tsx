// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBubble, withoutSourcesList } from '../src/chat/MessageBubble';

afterEach(cleanup);

const sources = [
  { url: 'https://docs.test/install', title: 'Installing Lumen', snippet: '' },
  { url: 'https://docs.test/faq', title: 'FAQ', snippet: '' },
];
const answer =
  '**Installing Lumen › Install with npm**\n\nAdd Lumen as a development dependency: [[1]](https://docs.test/install)\n\n```\nnpm install --save-dev @lumen/cli\n```\n\n' +
  'Also:\n\n- Lumen is free. [[2]](https://docs.test/faq)';

function sourceLists(content: string) {
  const { container } = render(<MessageBubble role="assistant" content={content} sources={sources} />);
  const text = container.textContent ?? '';
  return { lists: container.querySelectorAll('.docent-sources').length, labels: text.match(/Sources/g)?.length ?? 0, container };
}

describe('MessageBubble sources', () => {
  it('shows one Sources list under an answer, with its pages in citation order', () => {
    const { lists, labels, container } = sourceLists(answer);
    expect([lists, labels]).toEqual([1, 1]);
    expect([...container.querySelectorAll('.docent-sources li a')].map((a) => a.textContent)).toEqual(['Installing Lumen', 'FAQ']);
    expect(container.querySelector('.docent-markdown pre')?.textContent).toBe('npm install --save-dev @lumen/cli');
  });

  it('shows one Sources list for an answer stored with its own Markdown copy of the list', () => {
    const stored = `${answer}\n\n**Sources**\n1. [Installing Lumen](https://docs.test/install)\n2. [FAQ](https://docs.test/faq)`;
    const { lists, labels, container } = sourceLists(stored);
    expect([lists, labels]).toEqual([1, 1]);
    expect(container.querySelector('.docent-markdown')?.textContent).toContain('Lumen is free.');
  });

  it('keeps a sources heading that is part of the answer when there is no list to show', () => {
    const { container } = render(<MessageBubble role="assistant" content={'**Sources**\n1. [A](https://docs.test/a)'} sources={[]} />);
    expect(container.querySelector('.docent-markdown')?.textContent).toContain('Sources');
  });
});

describe('withoutSourcesList', () => {
  it('drops only a trailing list of sources, and answers at once on a crafted one', () => {
    expect(withoutSourcesList('Answer.\n\n**Sources**\n1. [A](https://a.test/)\n', sources)).toBe('Answer.');
    expect(withoutSourcesList('Answer.\n\n**Sources**\n1. [A](https://a.test/)\nMore text.', sources)).toBe(
      'Answer.\n\n**Sources**\n1. [A](https://a.test/)\nMore text.',
    );
    expect(withoutSourcesList('**Sources**\n', sources)).toBe('**Sources**\n');
    // Backtracked exponentially in the regex this replaced (28 lines took seconds, each more doubled it).
    const crafted = `**Sources**\n0. []()\n${'0. [](]()\n'.repeat(5000)}.**Sources**\n0. [](`;
    const t0 = performance.now();
    expect(withoutSourcesList(crafted, sources)).toBe(crafted);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

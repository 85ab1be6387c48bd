import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';
import { stripScheme, UrlBox, wizardTarget } from './UrlBox';

describe('landing URL box', () => {
  it('strips a typed scheme because https:// is a fixed prefix', async () => {
    const user = userEvent.setup();
    renderAt(<UrlBox label="Your website address" />);
    const input = screen.getByLabelText('Your website address') as HTMLInputElement;
    await user.type(input, 'http://docs.acme.dev/a b');
    expect(input.value).toBe('docs.acme.dev/a b');
    expect(stripScheme('HTTPS://x.dev')).toBe('x.dev');
    await user.click(screen.getByRole('button', { name: /Create Chatbot/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/app/chatbots/create?url=${encodeURIComponent('https://docs.acme.dev/a b')}`,
      ),
    );
  });

  it('goes to the wizard without url when empty', () => {
    expect(wizardTarget('   ')).toBe('/app/chatbots/create');
  });
});

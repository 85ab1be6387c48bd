import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ArrowRightIcon } from '../../ui/icons';

/** Drops a typed scheme: the box shows a fixed https:// prefix. */
export function stripScheme(input: string): string {
  return input.replace(/^\s*https?:\/\//i, '');
}

/** Where the URL box sends the visitor (spec §2: url holds the prefixed, encoded URL). */
export function wizardTarget(text: string): string {
  const host = text.trim();
  return host ? `/app/chatbots/create?url=${encodeURIComponent(`https://${host}`)}` : '/app/chatbots/create';
}

/** The landing page's URL entry: fixed https:// prefix, typed schemes stripped. */
export function UrlBox({ label, buttonText = 'Create Chatbot' }: { label: string; buttonText?: string }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(wizardTarget(value));
  };
  return (
    <form className="url-box" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="url-box-field">
        <span className="url-box-prefix" aria-hidden="true">
          https://
        </span>
        <input
          id={id}
          className="url-box-input"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="docs.yoursite.com"
          value={value}
          onChange={(e) => setValue(stripScheme(e.target.value))}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-lg">
        {buttonText} <ArrowRightIcon />
      </button>
    </form>
  );
}

import { useEffect, useRef } from 'react';

/** A checkbox that can show the indeterminate state (some, not all, selected). */
export function SelectAllCheckbox({
  checked,
  indeterminate,
  disabled,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="checkbox-row select-all">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-checked={indeterminate ? 'mixed' : checked}
      />
      <span>{label}</span>
    </label>
  );
}

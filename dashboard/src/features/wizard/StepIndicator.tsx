import { useNarrowScreen } from '../../hooks/useMediaQuery';

/** "1 Configure Chatbot — 2 Review & Select Sources"; shorter labels below 640px. */
export function StepIndicator({ step }: { step: 'configure' | 'review' }) {
  const narrow = useNarrowScreen();
  const steps = [
    { id: 'configure', long: 'Configure Chatbot', short: 'Configure' },
    { id: 'review', long: 'Review & Select Sources', short: 'Review' },
  ] as const;
  return (
    <ol className="step-indicator" aria-label="Progress">
      {steps.map((s, i) => {
        const current = s.id === step;
        const done = step === 'review' && s.id === 'configure';
        return (
          <li
            key={s.id}
            className={`step-indicator-item${current ? ' is-current' : ''}${done ? ' is-done' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="step-indicator-number" aria-hidden="true">
              {i + 1}
            </span>
            <span>{narrow ? s.short : s.long}</span>
          </li>
        );
      })}
    </ol>
  );
}

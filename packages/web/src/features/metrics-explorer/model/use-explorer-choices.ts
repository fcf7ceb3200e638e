import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { choicesFromParams, paramsFromChoices, type ExplorerChoices } from './explorer-choices.ts';

/** The choices held in the address: every change is a history entry, so the back button undoes it. */
export function useExplorerChoices() {
  const [params, setParams] = useSearchParams();
  // The address as last written: two changes before the next render must not undo each other
  // (react-router hands a functional update the params of the last render, not of the last change).
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const choices = useMemo(() => choicesFromParams(params), [params]);
  const change = useCallback(
    (next: Partial<ExplorerChoices> | ((current: ExplorerChoices) => ExplorerChoices)) => {
      const current = choicesFromParams(latest.current);
      const params = paramsFromChoices(typeof next === 'function' ? next(current) : { ...current, ...next });
      latest.current = params;
      setParams(params);
    },
    [setParams],
  );
  return { choices, change };
}

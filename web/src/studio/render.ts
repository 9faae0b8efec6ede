/**
 * The studio's render: the server renders the unsaved source ~300 ms after typing stops, and a render with errors
 * never replaces the last good one on screen (`shown`; `stale` while it does not).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RenderRequest, TemplateRender } from '../../../server/testing/client.js';
import { keys, useClient } from '../api.js';

/** Typing pauses this long before the source is rendered. */
const RENDER_DEBOUNCE_MS = 300;

/** A render whose HTML can be trusted to be what the author meant: no errors. */
function isGood(render: TemplateRender): boolean {
  return render.errors.length === 0;
}

/** `value`, once it has stayed the same (as JSON) for `ms`; the first value at once. */
function useDebounced<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState({ key, value });
  // `key` stands for the value (an object is new on every render): the timer takes the value it stands for.
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [key, ms, settled.key]);
  return settled.value;
}

export function useRender(name: string, request: RenderRequest) {
  const client = useClient();
  const settled = useDebounced(request, RENDER_DEBOUNCE_MS);
  const render = useQuery({
    queryKey: keys.render(client.token, name, settled),
    queryFn: () => client.templates.render(name, settled),
    placeholderData: keepPreviousData,
  });
  const current = render.data;
  const [good, setGood] = useState<TemplateRender | null>(null);
  useEffect(() => {
    if (current !== undefined && isGood(current)) setGood(current);
  }, [current]);
  const shown = current !== undefined && isGood(current) ? current : (good ?? current);
  const stale = current !== undefined && !isGood(current) && good !== null;
  return { render, current, good, shown, stale };
}

export type StudioRender = ReturnType<typeof useRender>;

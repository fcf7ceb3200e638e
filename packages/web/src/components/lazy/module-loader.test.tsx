// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moduleLoader } from './module-loader.ts';

describe('moduleLoader', () => {
  it('shows nothing until the chunk is in, loads it once, and has it at once on the next mount', async () => {
    let resolve: (module: { text: string }) => void = () => {};
    const load = vi.fn(() => new Promise<{ text: string }>((r) => (resolve = r)));
    const chunk = moduleLoader(load);
    function Drawing() {
      const module = chunk.useModule();
      return <p>{module ? module.text : 'waiting'}</p>;
    }
    const first = render(<Drawing />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => resolve({ text: 'drawn' }));
    expect(screen.getByText('drawn')).toBeTruthy();
    first.unmount();
    render(<Drawing />);
    expect(screen.getByText('drawn')).toBeTruthy();
    chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

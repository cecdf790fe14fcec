// @vitest-environment happy-dom
// The touch screen's claim countdown: the payment shown is claimed after the countdown unless the
// player chooses another payment (or cancels); without a countdown nothing happens by itself.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Legal } from '../../src/app/legal';
import type { Counts, LegalGroup } from '../../src/app/types';
import { PayPanel } from '../../src/app/ui/Prompt';

const group = {
  kind: 'claim',
  targets: [3],
  texts: ['3'],
  payments: { count: 3, counts: [{ purple: 1 }, { green: 1 }, { black: 1 }], first: '1purple', first_counts: { purple: 1 }, list: ['1purple', '1green', '1black'] },
} as unknown as LegalGroup;
const set = new Legal([group]).payments('claim', '3')!;
const hand: Counts = { black: 2, green: 1, purple: 1 };

let host: HTMLDivElement;
beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.appendChild(host);
});
afterEach(() => {
  render(null, host);
  host.remove();
  vi.useRealTimers();
});

function panel(countdown: number | undefined, onConfirm: (c: Counts) => void) {
  act(() => {
    render(h(PayPanel, { title: 'Claim', set, hand, onConfirm, busy: false, onSpend: () => {}, confirmLabel: 'Claim', countdown }), host);
  });
  return host.querySelector<HTMLButtonElement>('[data-action="confirm"]')!;
}

const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('the claim countdown', () => {
  it('counts down on the button and claims the payment shown at 0', () => {
    const claimed = vi.fn();
    const button = panel(3, claimed);
    expect(button.textContent).toBe('Claim (3)');
    tick(1000);
    expect(button.textContent).toBe('Claim (2)');
    tick(1000);
    expect(claimed).not.toHaveBeenCalled();
    tick(1000);
    expect(claimed).toHaveBeenCalledTimes(1);
    expect(claimed.mock.calls[0][0]).toEqual(set.best(hand));
    expect(button.textContent).toBe('Claim');
  });

  it('stops when the player chooses another payment', () => {
    const claimed = vi.fn();
    const button = panel(3, claimed);
    tick(1000);
    act(() => host.querySelector<HTMLButtonElement>('[data-payment="1green"]')!.click());
    tick(5000);
    expect(claimed).not.toHaveBeenCalled();
    expect(button.textContent).toBe('Claim');
  });

  it('does nothing by itself without a countdown', () => {
    const claimed = vi.fn();
    const button = panel(undefined, claimed);
    tick(10000);
    expect(claimed).not.toHaveBeenCalled();
    expect(button.getAttribute('data-countdown')).toBeNull();
  });
});

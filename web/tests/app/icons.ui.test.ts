// @vitest-environment happy-dom
// Legacy's card icons (rulebook 210): a hand's marked cards and a face-up card's icon, in both languages.
import { h, render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n';
import { Card, markWords } from '../../src/app/ui/Card';
import { Hand } from '../../src/app/ui/Panels';

afterEach(() => setLang('en'));

function mount(node: ComponentChild): HTMLElement {
  const host = document.createElement('div');
  render(node, host);
  return host;
}

describe('card icons', () => {
  it('mark a hand card with how many of it bear each icon, and say so on hover', () => {
    const el = mount(h(Hand, { hand: { black: 3, red: 1 }, marks: { black: { pickaxe: 2, skull: 1 } } }));
    const black = el.querySelector('[data-hand="black"]')!;
    const marks = [...black.querySelectorAll('[data-mark]')].map((m) => [m.getAttribute('data-mark'), m.textContent]);
    expect(marks).toEqual([['pickaxe', '2'], ['skull', '1']]);
    expect(black.getAttribute('title')).toBe('black ×3 (2 with a pickaxe, 1 with a skull)');
    expect(el.querySelector('[data-hand="red"] [data-mark]')).toBeNull();
  });

  it('show a face-up card\'s icon without a count', () => {
    setLang('zh');
    const el = mount(h(Card, { name: 'yellow', marks: { skull: 1 } }));
    expect(el.querySelector('[data-mark="skull"]')!.textContent).toBe('');
    expect(el.firstElementChild!.getAttribute('title')).toContain(markWords('skull', 1, false));
    expect(markWords('skull', 1, false)).toBe('带骷髅头图标');
  });
});

import { describe, expect, it } from 'vitest';
import { botOption, setLang } from '../../src/app/i18n';

describe('bot levels on the ladder', () => {
  it('names a level with its rating on the board, in English and Chinese', () => {
    setLang('en');
    expect(botOption('search', 1884)).toBe('Strong · rated 1884');
    expect(botOption('search')).toBe('Strong'); // no rating on this board
    setLang('zh');
    expect(botOption('planner', 1778)).toBe('中等 · 等级分 1778');
    setLang('en');
  });
});

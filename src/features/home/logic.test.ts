import { describe, expect, it } from 'vitest';
import { homeCardsView } from '@/features/home/logic';

describe('homeCardsView', () => {
  it("waits for the role's configured actions", () => {
    expect(homeCardsView(null, true)).toBe('loading');
    expect(homeCardsView(null, false)).toBe('loading');
  });
  it("shows 'Permissões Limitadas' only when the user gets no card at all", () => {
    expect(homeCardsView(0, false)).toBe('limited');
  });
  it("a user whose only cards are the time clock's sees them, not 'Permissões Limitadas'", () => {
    expect(homeCardsView(0, true)).toBe('cards');
  });
  it('role cards, with or without the time clock, are cards', () => {
    expect(homeCardsView(2, false)).toBe('cards');
    expect(homeCardsView(2, true)).toBe('cards');
  });
});

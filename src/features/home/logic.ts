/** Pure rules of the home screen. */

export type HomeCardsView = 'loading' | 'limited' | 'cards';

/**
 * What the card grid shows. Spec §2: 'Permissões Limitadas' "if no action is allowed", decided from every
 * card the user gets: the role's action cards and the cards other features add (the time clock's 'Ponto
 * Digital', with the term to accept or the day's hours). So it never sits above cards that work, and a user
 * whose only card is the time clock's sees that card alone.
 */
export function homeCardsView(roleCards: number | null, hasOtherCards: boolean): HomeCardsView {
  if (roleCards === null) return 'loading';
  return roleCards === 0 && !hasOtherCards ? 'limited' : 'cards';
}

// The cards to take: the face-up display, the deck(s) and the ticket pile. Only what the
// view's legal data allows is clickable.
import type { DrawTarget } from '../game';
import { cardName, t } from '../i18n';
import type { View } from '../types';
import { Card } from './Card';
import { Icon } from './Icons';

export interface DrawProps {
  view: View;
  targets: DrawTarget[];
  ticketsLegal: boolean;
  onSlot: (slot: number) => void;
  onDeck: (pile: string | null) => void;
  onTickets: () => void;
  /** Rails & Sails: the slot whose refill deck is being chosen */
  refill: { slot: number; choices: DrawTarget[] } | null;
  onRefill: (target: DrawTarget | null) => void;
  /** slots that changed in the last move (flash) */
  fresh?: Set<number>;
}

export function DrawArea(p: DrawProps) {
  const v = p.view;
  const slotLegal = (i: number) => p.targets.some((x) => x.slot === i);
  // while no card may be taken at all (another's turn, tickets...), the display is shown plainly
  const drawing = p.targets.length > 0;
  const deckLegal = (pile: string | null) => p.targets.some((x) => x.slot === -1 && (pile === null || x.pile === pile));
  // the draw piles the edition has (features.decks): one deck, or Rails & Sails' train and ship decks
  const decks: { pile: string | null; label: string; size: number; key: string }[] =
    v.features.decks.length > 1
      ? v.features.decks.map((pile) => ({
          pile,
          label: t(pile === 'ship' ? 'ship_deck' : 'train_deck'),
          size: v.decks[pile]?.size ?? 0,
          key: pile === 'ship' ? 'S' : 'D',
        }))
      : [{ pile: null, label: t('deck'), size: v.deck_size, key: 'D' }];
  return (
    <div class="draw-area" aria-label={t('draw_area')}>
      <div class="face-up" role="group" aria-label={t('draw_area')}>
        {v.face_up.map((c, i) => {
          const icon = v.edition?.icons?.face_up[i];
          const marks = icon ? { [icon]: 1 } : null;
          return (
          <div class={`slot${p.fresh?.has(i) ? ' fresh' : ''}`} data-slot={i}>
            {c && drawing ? (
              <Card
                name={c}
                onClick={() => p.onSlot(i)}
                disabled={!slotLegal(i)}
                title={`${cardName(c)} (${i + 1})`}
                data={{ slot: String(i) }}
                marks={marks}
              />
            ) : c ? (
              <Card name={c} title={cardName(c)} data={{ slot: String(i) }} marks={marks} />
            ) : (
              <span class="card card-empty" />
            )}
            {p.refill?.slot === i ? (
              <div class="refill-pop" role="dialog" aria-label={t('refill_from')}>
                <div class="refill-title">{t('refill_from')}</div>
                {p.refill.choices.map((x) => (
                  <button type="button" class="btn small" data-refill={x.pile ?? 'none'} onClick={() => p.onRefill(x)}>
                    {x.pile == null ? '—' : t(x.pile === 'ship' ? 'ship_deck' : 'train_deck')}
                  </button>
                ))}
                <button type="button" class="btn small ghost" onClick={() => p.onRefill(null)}>
                  {t('cancel')}
                </button>
              </div>
            ) : null}
          </div>
          );
        })}
      </div>
      <div class="piles">
        {decks.map((d) => (
          <button
            type="button"
            class={`deck deck-${d.pile ?? 'train'}`}
            disabled={!deckLegal(d.pile)}
            data-idle={drawing ? undefined : '1'}
            onClick={() => p.onDeck(d.pile)}
            data-deck={d.pile ?? 'deck'}
            title={`${d.label} (${d.key})`}
            aria-label={`${d.label}: ${t('cards_left', { n: d.size })}`}
          >
            <Icon name={d.pile === 'ship' ? 'ship' : 'train'} size={20} />
            <span class="deck-label">{d.label}</span>
            <span class="deck-size">{d.size}</span>
          </button>
        ))}
        <button
          type="button"
          class="deck deck-tickets"
          disabled={!p.ticketsLegal}
          onClick={p.onTickets}
          data-deck="tickets"
          title={`${t('draw_tickets')} (T)`}
          aria-label={`${t('draw_tickets')}: ${t('cards_left', { n: v.ticket_pile_size })}`}
        >
          <Icon name="ticket" size={20} />
          <span class="deck-label">{t('ticket_pile')}</span>
          <span class="deck-size">{v.ticket_pile_size}</span>
        </button>
      </div>
    </div>
  );
}

// A card drawn as a small tile: its colour, an icon for its kind (locomotive, train, ship,
// anchor, double ship, joker), the colour-blind letter, and a count.
import type { JSX } from 'preact';
import { CARD_FILL, CARD_INK, CARD_LETTER, cardInfo, sortCards } from '../cards';
import { cardName, t } from '../i18n';

const LOCO = 'M-7,2.5V-1.5H-4.5V-4.5H-2.5V-1.5H1V-5H6.5V-4H5.5V2.5Z M-8.5,4.5L-7,2.5V4.5Z';
const ANCHOR = 'M0,-3.4V6.2 M-3.6,-1H3.6 M-6,1.8Q-5.4,6.4 0,6.4Q5.4,6.4 6,1.8';
const HULL = 'M-8,-1H8L5,4H-5Z M-1,-1V-8L5,-2Z';
const TRAIN = 'M-7,3V-4H5L7,-1V3Z M-5,-2H-1V0H-5Z';

function Icon({ part, ink }: { part: string; ink: string }) {
  const wheels = (
    <g fill={ink}>
      <circle cx={-4} cy={4.6} r={1.5} />
      <circle cx={0} cy={4.6} r={1.5} />
      <circle cx={4} cy={4.6} r={1.5} />
    </g>
  );
  let body: JSX.Element | null = null;
  if (part === 'locomotive' || part === 'joker') {
    body = (
      <g>
        <path d={LOCO} fill={ink} />
        {wheels}
      </g>
    );
  } else if (part === 'train' || part === 'train-anchor') {
    body = (
      <g>
        <path d={TRAIN} fill={ink} fill-rule="evenodd" />
        {wheels}
      </g>
    );
  } else if (part === 'ship') {
    body = <path d={HULL} fill={ink} />;
  } else if (part === 'double-ship') {
    body = (
      <g>
        <path d={HULL} fill={ink} transform="translate(-4 -2) scale(0.7)" />
        <path d={HULL} fill={ink} transform="translate(4 3) scale(0.7)" />
      </g>
    );
  } else if (part === 'newspaper') {
    body = <path d="M-7,-6H7V6H-7Z M-5,-3H5 M-5,0H5 M-5,3H2" stroke={ink} fill="none" stroke-width={1.4} />;
  }
  return body;
}

// Legacy: the pickaxe and the skull some train cards bear (rulebook 210).
const PICK_HEAD = 'M-7.5,-1.5Q0,-9.5 7.5,-1.5Q0,-6 -7.5,-1.5Z';
const SKULL = 'M-6.5,0.5A6.5,6.8 0 1 1 6.5,0.5V3.2H3.4V6.8H-3.4V3.2H-6.5Z';

export function IconGlyph({ icon }: { icon: string }) {
  return (
    <svg class="icon-glyph" viewBox="-9 -9 18 18" aria-hidden="true">
      {icon === 'pickaxe' ? (
        <g>
          <path d="M-5.5,8L2.2,-5.2" stroke="#7a4a1c" stroke-width={2.6} stroke-linecap="round" />
          <path d={PICK_HEAD} fill="#444" stroke="#222" stroke-width={1} stroke-linejoin="round" />
        </g>
      ) : (
        <g>
          <path d={SKULL} fill="#fbfaf4" stroke="#222" stroke-width={1.3} stroke-linejoin="round" />
          <circle cx={-2.6} cy={-0.6} r={1.9} fill="#222" />
          <circle cx={2.6} cy={-0.6} r={1.9} fill="#222" />
          <path d="M0,1.6L-1,3.2H1Z" fill="#222" />
        </g>
      )}
    </svg>
  );
}

/** A claim step's icon and what it counts: "⛏ per card with a pickaxe spent on the claim". */
export function StepIcon({ icon }: { icon: string | null | undefined }) {
  if (!icon) return null;
  return (
    <span class="step-icon">
      {' '}
      <IconGlyph icon={icon} /> {t('per_icon', { icon: t(icon === 'pickaxe' ? 'icon_pickaxe' : 'icon_skull') })}
    </span>
  );
}

export interface CardProps {
  name: string;
  count?: number;
  small?: boolean;
  onClick?: () => void;
  disabled?: boolean;
  selected?: boolean;
  title?: string;
  class?: string;
  /** Legacy: how many of these cards bear each icon (a face-up card: 1 of its icon) */
  marks?: Record<string, number> | null;
  /** extra attributes for tests (data-*) */
  data?: Record<string, string>;
  cb?: boolean;
}

export function Card(p: CardProps) {
  const info = cardInfo(p.name);
  const wild = info.wild;
  const fill = wild ? undefined : (CARD_FILL[info.color] ?? '#ccc');
  const ink = wild ? '#1a1a1a' : (CARD_INK[info.color] ?? '#1a1a1a');
  const label = cardName(p.name);
  const marked = Object.entries(p.marks ?? {}).filter(([, n]) => n > 0);
  const cls = [
    'card',
    wild ? 'card-wild' : '',
    info.part === 'newspaper' ? 'card-news' : '',
    p.small ? 'card-small' : '',
    p.onClick ? 'card-button' : '',
    p.selected ? 'card-selected' : '',
    p.disabled ? 'card-disabled' : '',
    p.class ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const inner = (
    <>
      <svg class="card-icon" viewBox="-10 -10 20 20" aria-hidden="true">
        <Icon part={info.part} ink={ink} />
        {info.anchor && info.part !== 'ship' && info.part !== 'joker' ? (
          <path d={ANCHOR} stroke={ink} fill="none" stroke-width={1.5} transform="translate(6 -6) scale(0.45)" />
        ) : null}
        {info.part === 'ship' ? <path d={ANCHOR} stroke={ink} fill="none" stroke-width={1.5} transform="translate(6 -7) scale(0.45)" /> : null}
      </svg>
      <span class="card-letter" style={{ color: ink }} aria-hidden="true">
        {wild ? CARD_LETTER.wild : (CARD_LETTER[info.color] ?? '')}
      </span>
      {p.count !== undefined ? <span class="card-count">{p.count}</span> : null}
      {marked.length ? (
        <span class="card-marks">
          {marked.map(([icon, n]) => (
            <span class={`card-mark mark-${icon}`} data-mark={icon}>
              <IconGlyph icon={icon} />
              {p.count !== undefined ? n : null}
            </span>
          ))}
        </span>
      ) : null}
    </>
  );
  const base = p.title ?? (p.count !== undefined ? `${label} ×${p.count}` : label);
  const title = marked.length ? `${base} (${marked.map(([icon, n]) => markWords(icon, n, p.count !== undefined)).join(', ')})` : base;
  const style = fill ? { background: fill, color: ink } : undefined;
  const data: Record<string, string> = { 'data-card': p.name };
  for (const [k, v] of Object.entries(p.data ?? {})) data[`data-${k}`] = v;
  if (p.onClick || p.disabled) {
    return (
      <button type="button" class={cls} style={style} title={title} aria-label={title} disabled={p.disabled} onClick={p.onClick} {...data}>
        {inner}
      </button>
    );
  }
  return (
    <span class={cls} style={style} title={title} role="img" aria-label={title} {...data}>
      {inner}
    </span>
  );
}

/** A payment as a row of small cards, in card order: 3 red + 1 locomotive. */
export function CardsRow({ counts, small = true }: { counts: Record<string, number>; small?: boolean }) {
  const kinds = sortCards(Object.keys(counts).filter((k) => counts[k] > 0));
  return (
    <span class="cards-row">
      {kinds.map((k) => (
        <Card key={k} name={k} count={counts[k]} small={small} />
      ))}
    </span>
  );
}

/** "2 with a pickaxe" (a hand's cards) or "bears a skull" (one card). */
export function markWords(icon: string, n: number, counted: boolean): string {
  const name = t(icon === 'pickaxe' ? 'icon_pickaxe' : 'icon_skull');
  return counted ? t('icon_marked', { n, icon: name }) : t('icon_bears', { icon: name });
}

// Small inline icons (no icon font, no emoji: they render the same everywhere).
const PATHS: Record<string, string> = {
  cards: 'M3,2h7a1,1 0 0 1 1,1v10a1,1 0 0 1 -1,1h-7a1,1 0 0 1 -1,-1v-10a1,1 0 0 1 1,-1z M6,5h7a1,1 0 0 1 1,1v8',
  train: 'M2,11V4H11L14,7V11Z M4,6H7V8H4Z M9,6H11V8H9Z M1,12H15 M4,13.5a1,1 0 1 0 0.01,0 M11,13.5a1,1 0 1 0 0.01,0',
  ship: 'M1,9H15L12,14H4Z M8,9V2L13,8 M8,3L4,8H8',
  station: 'M2,14V7L8,2L14,7V14Z M6,14V10H10V14',
  harbor: 'M8,3.5V14 M4.5,6.5H11.5 M2,9.5Q2.5,14 8,14Q13.5,14 14,9.5 M8,3.5a1.3,1.3 0 1 0 0.01,0',
  ticket: 'M1,4H15V7A1.5,1.5 0 0 0 15,10V13H1V10A1.5,1.5 0 0 0 1,7Z M5,4V13',
  bot: 'M3,6H13V13H3Z M8,6V3 M8,2.5a0.8,0.8 0 1 0 0.01,0 M5.5,9h1 M9.5,9h1 M6,11.5H10 M1,8V11 M15,8V11',
  money: 'M8,1V15 M12,4.5C11,3 5,2.5 5,5.5S12,8 12,11S6,13.5 4,11.5',
  help: 'M5.5,5.5A2.5,2.5 0 1 1 8,8V10 M8,12.5V13',
  gear: 'M8,5a3,3 0 1 0 0.01,0 M8,1V3 M8,13V15 M1,8H3 M13,8H15 M3,3L4.5,4.5 M11.5,11.5L13,13 M3,13L4.5,11.5 M11.5,4.5L13,3',
  undo: 'M4,6H10A4,4 0 0 1 10,14H6 M4,6L7,3 M4,6L7,9',
  home: 'M2,8L8,2L14,8 M4,7V14H12V7',
  check: 'M3,8.5L6.5,12L13,4',
  cross: 'M4,4L12,12 M12,4L4,12',
  star: 'M8,1.5L10,6H14.5L11,9L12.5,14L8,11L3.5,14L5,9L1.5,6H6Z',
  play: 'M4,2L13,8L4,14Z',
  pause: 'M4,2V14 M12,2V14',
  first: 'M3,2V14 M13,2L6,8L13,14Z',
  last: 'M13,2V14 M3,2L10,8L3,14Z',
  prev: 'M12,2L4,8L12,14Z',
  next: 'M4,2L12,8L4,14Z',
  eye: 'M1,8Q8,1 15,8Q8,15 1,8Z M8,6a2,2 0 1 0 0.01,0',
  link: 'M6.5,9.5L9.5,6.5 M7,4.5L8.5,3A2.8,2.8 0 0 1 13,7.5L11.5,9 M9,11.5L7.5,13A2.8,2.8 0 0 1 3,8.5L4.5,7',
  trophy: 'M4,2H12V6A4,4 0 0 1 4,6Z M8,10V13 M5,14H11 M4,3H1.5Q1.5,7 4.5,7 M12,3H14.5Q14.5,7 11.5,7',
};

const FILLED = new Set(['play', 'star', 'prev', 'next', 'first', 'last']);

export function Icon({ name, size = 16, title }: { name: keyof typeof PATHS | string; size?: number; title?: string }) {
  const d = PATHS[name] ?? '';
  const filled = FILLED.has(name);
  return (
    <svg
      class={`icon icon-${name}`}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden={title ? undefined : 'true'}
      role={title ? 'img' : undefined}
      aria-label={title}
    >
      <path
        d={d}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        stroke-width={filled ? 1 : 1.6}
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}

// The help panel: the rules in short, and the keyboard shortcuts.
import { t, type Key } from '../i18n';

export const SHORTCUTS: [string, Key][] = [
  ['1 – 6', 'key_slots'],
  ['D', 'key_deck'],
  ['S', 'key_ship_deck'],
  ['T', 'key_tickets'],
  ['Enter', 'key_confirm'],
  ['Esc', 'key_cancel'],
  ['U', 'key_undo'],
  ['F', 'key_fit'],
  ['+ / −', 'key_zoom'],
  ['?', 'key_help'],
];

export function Help({ rs = true }: { rs?: boolean }) {
  return (
    <div class="help" data-help="1">
      <p>{t('help_goal')}</p>
      <p>{t('help_turn')}</p>
      <p>{t('help_board')}</p>
      <p>{t('help_drag')}</p>
      <p>{t('help_editions')}</p>
      <h3>{t('shortcuts')}</h3>
      <table class="keys">
        <tbody>
          {SHORTCUTS.filter(([k]) => rs || k !== 'S').map(([k, what]) => (
            <tr>
              <td>
                <kbd>{k}</kbd>
              </td>
              <td>{t(what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// Preferences: language, colour-blind aid, animations, confirming claims.
import { t } from '../i18n';
import { getPrefs, setPrefs, type ConfirmPref, type Lang } from '../store';

export function Settings() {
  const p = getPrefs();
  return (
    <div class="settings">
      <label class="row">
        <span>{t('language')}</span>
        <select value={p.lang} onChange={(e) => setPrefs({ lang: (e.target as HTMLSelectElement).value as Lang })} data-pref="lang">
          <option value="en">English</option>
          <option value="zh">简体中文</option>
        </select>
      </label>
      <label class="row check">
        <input type="checkbox" checked={p.colorBlind} onChange={(e) => setPrefs({ colorBlind: (e.target as HTMLInputElement).checked })} data-pref="cb" />
        <span>{t('color_blind')}</span>
      </label>
      <label class="row check">
        <input type="checkbox" checked={p.animations} onChange={(e) => setPrefs({ animations: (e.target as HTMLInputElement).checked })} data-pref="anim" />
        <span>{t('animations')}</span>
      </label>
      <label class="row check">
        <input type="checkbox" checked={p.sound} onChange={(e) => setPrefs({ sound: (e.target as HTMLInputElement).checked })} data-pref="sound" />
        <span>{t('sounds')}</span>
      </label>
      <fieldset class="row">
        <legend>{t('confirm_claims')}</legend>
        {(['always', 'countdown', 'never'] as ConfirmPref[]).map((c) => (
          <label class="check">
            <input type="radio" name="confirm" checked={p.confirm === c} onChange={() => setPrefs({ confirm: c })} data-pref={`confirm-${c}`} />
            <span>{t(c === 'always' ? 'confirm_always' : c === 'countdown' ? 'confirm_countdown' : 'confirm_never')}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

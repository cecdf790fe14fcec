// Shared pieces: the top bar, modal dialogs, toasts.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { getPrefs, setPrefs } from '../store';
import { Help } from './Help';
import { Icon } from './Icons';
import { Settings } from './Settings';

/** A player's name field of a new game's or campaign's seat list (the i-th, counted from 0). */
export function NameInput({ value, index, onInput }: { value: string; index: number; onInput: (name: string) => void }) {
  return (
    <input
      type="text"
      maxLength={40}
      value={value}
      placeholder={t('player_name_ph', { n: index + 1 })}
      onInput={(e) => onInput((e.target as HTMLInputElement).value)}
      aria-label={t('name')}
      data-field="name"
    />
  );
}

export function LangSwitch() {
  const lang = getPrefs().lang;
  return (
    <button
      type="button"
      class="btn small lang"
      onClick={() => setPrefs({ lang: lang === 'en' ? 'zh' : 'en' })}
      data-action="lang"
      aria-label={lang === 'en' ? '切换到中文' : 'Switch to English'}
      title={lang === 'en' ? '中文' : 'English'}
    >
      {lang === 'en' ? '中文' : 'EN'}
    </button>
  );
}

export function TopBar({
  title,
  onHelp,
  onSettings,
  extra,
}: {
  title: string;
  onHelp?: () => void;
  onSettings?: () => void;
  extra?: ComponentChildren;
}) {
  return (
    <header class="top-bar">
      <a class="home" href="#/" title={t('lobby')} aria-label={t('lobby')}>
        <Icon name="train" size={20} />
        <span class="brand">{t('app_title')}</span>
      </a>
      <span class="top-title">{title}</span>
      <span class="top-tools">
        {extra}
        {onHelp ? (
          <button type="button" class="icon-btn" onClick={onHelp} title={`${t('help')} (?)`} aria-label={t('help')} data-action="help">
            <Icon name="help" size={18} />
          </button>
        ) : null}
        {onSettings ? (
          <button type="button" class="icon-btn" onClick={onSettings} title={t('settings')} aria-label={t('settings')} data-action="settings">
            <Icon name="gear" size={18} />
          </button>
        ) : null}
        <LangSwitch />
      </span>
    </header>
  );
}

export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button, [href], input, select')?.focus();
  }, []);
  return (
    <div class="modal-back" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="modal" role="dialog" aria-modal="true" aria-label={title} ref={box}>
        <div class="modal-head">
          <span class="modal-title">{title}</span>
          <button type="button" class="icon-btn" onClick={onClose} aria-label={t('close')} title={t('close')}>
            <Icon name="cross" />
          </button>
        </div>
        <div class="modal-body">{children}</div>
      </div>
    </div>
  );
}

export interface ToastApi {
  list: { id: number; text: string }[];
  /** `ms`: how long it stays (default 7 s; a hint that needs no reading twice: shorter) */
  push: (text: string, ms?: number) => void;
  drop: (id: number) => void;
}

let toastSeq = 0;
export function useToasts(): ToastApi {
  const [list, setList] = useState<{ id: number; text: string }[]>([]);
  const drop = (id: number) => setList((l) => l.filter((x) => x.id !== id));
  const push = (text: string, ms = 7000) => {
    const id = ++toastSeq;
    setList((l) => [...l.slice(-3), { id, text }]);
    setTimeout(() => drop(id), ms);
  };
  return { list, push, drop };
}

export function Toasts({ toasts }: { toasts: ToastApi }) {
  return (
    <div class="toasts" aria-live="assertive">
      {toasts.list.map((x) => (
        <div class="toast" role="alert" data-toast="error">
          <span>{x.text}</span>
          <button type="button" class="icon-btn" onClick={() => toasts.drop(x.id)} aria-label={t('close')}>
            <Icon name="cross" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}

/** A whole page that says what went wrong, with the way back to the lobby. */
export function ErrorPage({ message }: { message: string }) {
  return (
    <div class="page center">
      <p class="error-box" role="alert">
        {message}
      </p>
      <a class="btn" href="#/">
        {t('back_to_lobby')}
      </a>
    </div>
  );
}

/** A whole page shown while a game or a replay loads. */
export function LoadingPage({ text }: { text: string }) {
  return (
    <div class="page center" aria-busy="true">
      <p>{text}</p>
    </div>
  );
}

export type Dialog = 'help' | 'settings' | null;

/** The dialog a screen's top bar opened: help (with Rails & Sails' keys when `rs`) or settings. */
export function ScreenDialog({ dialog, rs, onClose }: { dialog: Dialog; rs?: boolean; onClose: () => void }) {
  if (dialog === 'help') {
    return (
      <Modal title={t('help_title')} onClose={onClose}>
        <Help rs={rs} />
      </Modal>
    );
  }
  if (dialog === 'settings') {
    return (
      <Modal title={t('settings')} onClose={onClose}>
        <Settings />
      </Modal>
    );
  }
  return null;
}

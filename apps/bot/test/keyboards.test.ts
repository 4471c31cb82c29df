import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { draftKeyboard, linkKeyboard, openGroupKeyboard } from '../src/keyboards';
import { createLinks } from '../src/links';

const t = translator('ru');
const draft = { id: '0b5f7e4e-1c1a-4c43-9a53-0d9b3a3c7a10', groupId: '6f1d1c9e-7a0e-4d8e-9f6b-2a4d1b2c3d4e' };
const buttonsOf = (keyboard: { inline_keyboard: { text: string }[][] }) => keyboard.inline_keyboard.flat();

describe('the buttons that open the web app', () => {
  it('open it inside Telegram (web_app) in private chats over https', () => {
    const links = createLinks('https://dolya.example', 'dolya_bot', 'app');
    expect(buttonsOf(draftKeyboard(draft, 'private', t, links))).toEqual([
      { text: '✅ Сохранить', callback_data: `draft:save:${draft.id}` },
      {
        text: '✏️ Изменить',
        web_app: { url: `https://dolya.example/group/${draft.groupId}/new-expense?draft=${draft.id}` },
      },
      { text: '✖️ Отмена', callback_data: `draft:cancel:${draft.id}` },
    ]);
    expect(buttonsOf(openGroupKeyboard(draft.groupId, 'private', t, links))).toEqual([
      { text: 'Открыть группу', web_app: { url: `https://dolya.example/group/${draft.groupId}` } },
    ]);
    expect(buttonsOf(linkKeyboard('private', t, links))).toEqual([
      { text: 'Открыть Долю', web_app: { url: 'https://dolya.example/' } },
    ]);
  });

  it('in group chats lead to the mini app by its t.me link, else to the web address', () => {
    const withMiniApp = createLinks('https://dolya.example', 'dolya_bot', 'app');
    expect(buttonsOf(draftKeyboard(draft, 'group', t, withMiniApp))[1]).toEqual({
      text: '✏️ Изменить',
      url: `https://t.me/dolya_bot/app?startapp=draft_${draft.id}`,
    });
    const without = createLinks('https://dolya.example', 'dolya_bot');
    expect(buttonsOf(draftKeyboard(draft, 'group', t, without))[1]).toEqual({
      text: '✏️ Изменить',
      url: `https://dolya.example/group/${draft.groupId}/new-expense?draft=${draft.id}`,
    });
    expect(buttonsOf(linkKeyboard('group', t, without))).toEqual([
      { text: 'Войти в Долю', url: 'https://t.me/dolya_bot?start=link' },
    ]);
  });

  it('are plain links over http, and left out for a localhost address Telegram would refuse', () => {
    const http = createLinks('http://dolya.lan:3000', 'dolya_bot');
    expect(buttonsOf(openGroupKeyboard(draft.groupId, 'private', t, http))).toEqual([
      { text: 'Открыть группу', url: `http://dolya.lan:3000/group/${draft.groupId}` },
    ]);
    const local = createLinks('http://localhost:3000', 'dolya_bot');
    expect(buttonsOf(draftKeyboard(draft, 'private', t, local)).map((b) => b.text)).toEqual([
      '✅ Сохранить',
      '✖️ Отмена',
    ]);
    expect(buttonsOf(openGroupKeyboard(draft.groupId, 'private', t, local))).toEqual([]);
  });

  it('a draft waiting for its rate has Edit and Cancel, no Save; with no web button, only Cancel', () => {
    const waiting = { ...draft, expense: { rateNeeded: { currency: 'EUR' } } };
    const links = createLinks('https://dolya.example', 'dolya_bot', 'app');
    expect(buttonsOf(draftKeyboard(waiting, 'private', t, links)).map((b) => b.text)).toEqual([
      '✏️ Изменить',
      '✖️ Отмена',
    ]);
    const local = createLinks('http://localhost:3000', 'dolya_bot');
    expect(buttonsOf(draftKeyboard(waiting, 'private', t, local)).map((b) => b.text)).toEqual(['✖️ Отмена']);
  });
});

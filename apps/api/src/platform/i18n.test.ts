import { describe, expect, it } from 'vitest';
import { MSG } from '@reputo/core';
import { languageFromHeader, t, translateKnownText } from './i18n';

describe('server i18n', () => {
  it('gives texts by language, with interpolation and Arabic plurals', () => {
    expect(t('en', 'mail:invitation.subject', { inviter: 'Sara' })).toBe('Sara invited you on Reputo');
    expect(t('ar', 'mail:invitation.subject', { inviter: 'سارة' })).toBe('دعاك سارة للانضمام إلى Reputo');
    expect(t('en', 'mail:digest.reviews', { count: 1 })).toBe('1 new review.');
    expect(t('en', 'mail:digest.reviews', { count: 3 })).toBe('3 new reviews.');
    expect(t('ar', 'mail:digest.reviews', { count: 2 })).toBe('مراجعتان جديدتان.');
    expect(t('ar', 'mail:digest.reviews', { count: 5 })).toBe('5 مراجعات جديدة.');
    expect(t('ar', 'mail:digest.reviews', { count: 11 })).toBe('11 مراجعة جديدة.');
  });

  it('reads Accept-Language: interface languages only, by preference', () => {
    expect(languageFromHeader('ar')).toBe('ar');
    expect(languageFromHeader('en')).toBe('en');
    expect(languageFromHeader('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(languageFromHeader('fr, en;q=0.5, ar;q=0.8')).toBe('ar');
    expect(languageFromHeader('fr-FR,de')).toBeNull();
    expect(languageFromHeader('ar;q=0, en;q=0.1')).toBe('en');
    expect(languageFromHeader(undefined)).toBeNull();
  });

  it("translates the API's English error texts and core's MSG by key, variables included", () => {
    expect(translateKnownText('ar', 'Not found')).toBe('غير موجود');
    expect(translateKnownText('ar', MSG.emailNotValid)).toBe('البريد الإلكتروني غير صالح!');
    expect(translateKnownText('ar', 'The messaging feature is not enabled for this company')).toBe(
      'الميزة messaging غير مفعّلة لهذه الشركة',
    );
    expect(translateKnownText('ar', 'Too many sign-in attempts. Please try again in 5 minutes.')).toBe(
      'محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة بعد 5 دقائق.',
    );
    // The texts of forms' refusals (team, locations, contacts, offers...), with their variables.
    expect(translateKnownText('ar', 'You cannot remove yourself.')).toBe('لا يمكنك إزالة نفسك.');
    expect(translateKnownText('ar', 'Another product already has the ID P-7.')).toBe('يوجد منتج آخر بالمعرّف P-7.');
    expect(translateKnownText('ar', "Location XX-9 is not one of the company's locations.")).toBe(
      'الموقع XX-9 ليس من مواقع الشركة.',
    );
    expect(translateKnownText('ar', 'A percent discount needs a value from 1 to 100')).toBe(
      'يحتاج الخصم بالنسبة المئوية إلى قيمة من 1 إلى 100',
    );
    expect(translateKnownText('ar', 'Connect Jira first in Settings › Third-party Login')).toBe(
      'اربط Jira أولًا في الإعدادات › تسجيل الدخول عبر جهات خارجية',
    );
    expect(translateKnownText('ar', 'Case resolution not found')).toBe('حالة المعالجة غير موجودة');
    // A text of ours inside another (as its {{error}}): the outer one's template first, the inner one
    // translated too; a service's own words stay as written.
    expect(
      translateKnownText(
        'ar',
        'Jira must be connected again in Settings › Third-party Login: Jira refused the email and API token (401): Unauthorized',
      ),
    ).toBe(
      'يجب ربط Jira مرة أخرى في الإعدادات › تسجيل الدخول عبر جهات خارجية: رفض Jira البريد الإلكتروني ورمز API (401): Unauthorized',
    );
    expect(translateKnownText('ar', 'The test event failed: Not a text of ours')).toBe(
      'فشل حدث الاختبار: Not a text of ours',
    );
    expect(translateKnownText('ar', 'Something no catalogue has')).toBeNull();
    expect(translateKnownText('en', 'Not found')).toBe('Not found');
  });
});

import { describe, expect, it } from 'vitest';
import { languageOfPath, pathIn, pathWithoutLanguage } from './site-path.ts';

describe('languageOfPath', () => {
  it('is Nepali under /ne only', () => {
    expect(languageOfPath('/ne')).toBe('ne');
    expect(languageOfPath('/ne/notices')).toBe('ne');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/notices')).toBe('en');
    expect(languageOfPath('/news')).toBe('en');
    expect(languageOfPath('/nepal')).toBe('en');
  });
});

describe('pathWithoutLanguage', () => {
  it('drops the Nepali prefix and keeps the query', () => {
    expect(pathWithoutLanguage('/ne')).toBe('/');
    expect(pathWithoutLanguage('/ne?map=show')).toBe('/?map=show');
    expect(pathWithoutLanguage('/ne/notices?page=2')).toBe('/notices?page=2');
    expect(pathWithoutLanguage('/notices?category=exam')).toBe('/notices?category=exam');
    expect(pathWithoutLanguage('/nepal')).toBe('/nepal');
  });
});

describe('pathIn', () => {
  it('puts Nepali addresses under /ne', () => {
    expect(pathIn('ne', '/')).toBe('/ne');
    expect(pathIn('ne', '/#academics')).toBe('/ne#academics');
    expect(pathIn('ne', '/?video=play#video')).toBe('/ne?video=play#video');
    expect(pathIn('ne', '/notices?page=2&category=exam')).toBe('/ne/notices?page=2&category=exam');
    expect(pathIn('ne', '/notices/12/results')).toBe('/ne/notices/12/results');
  });
  it('leaves English addresses where they are and moves Nepali ones back', () => {
    expect(pathIn('en', '/gallery?page=3')).toBe('/gallery?page=3');
    expect(pathIn('en', '/ne/gallery?page=3')).toBe('/gallery?page=3');
    expect(pathIn('en', '/ne')).toBe('/');
    expect(pathIn('ne', '/ne/contact')).toBe('/ne/contact');
  });
});

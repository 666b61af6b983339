/** A browser and system in plain words, from a User-Agent header: 'Chrome on Android', 'Safari on iPhone'. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  if (ua === '') return 'Unknown device';
  const system = /iPhone/u.test(ua)
    ? 'iPhone'
    : /iPad/u.test(ua)
      ? 'iPad'
      : /Android/u.test(ua)
        ? 'Android'
        : /Windows/u.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/u.test(ua)
            ? 'Mac'
            : /CrOS/u.test(ua)
              ? 'ChromeOS'
              : /Linux/u.test(ua)
                ? 'Linux'
                : null;
  const browser = /Edg\//u.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/u.test(ua)
      ? 'Opera'
      : /SamsungBrowser/u.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/u.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/u.test(ua)
            ? 'Chrome'
            : /Safari\//u.test(ua)
              ? 'Safari'
              : /^curl\//u.test(ua)
                ? 'curl'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

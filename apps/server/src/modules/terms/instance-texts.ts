import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LegalTextLanguages } from '@fleetgate/contracts';

/**
 * The instance's own terms of use and privacy statement, shown on the public pages of hosts
 * that no company or sector has claimed. The operator replaces them with Markdown files
 * (TERMS_OF_USE_FILE, PRIVACY_STATEMENT_FILE, served as English); otherwise these built-in texts
 * apply. They describe what this software does, honestly and briefly; they are no legal advice.
 */
const builtInTermsOfUse: LegalTextLanguages = {
  en: `This service runs **Fleetgate**, open-source software for approved and audited remote access to industrial devices. It is operated by the organisation that runs this instance, not by the Fleetgate project.

1. **Use it only for devices you are allowed to reach.** Access is granted by the companies that own the devices; every request, decision and connection is recorded in their audit trail.
2. **Keep your account to yourself.** Do not share your password or sessions; use two-factor authentication where you can.
3. **Do not disturb the service or others**: no attempts to bypass access rules, no load tests, no scanning of networks reached through a connection.
4. **Availability is not guaranteed.** The operator may change, interrupt or end the service.
5. Companies on this instance may set their own terms of use; when they do, you accept theirs before you work in that company.

Questions about this instance go to its operator.`,
  de: `Dieser Dienst betreibt **Fleetgate**, quelloffene Software für genehmigten und protokollierten Fernzugriff auf Industriegeräte. Betreiber ist die Organisation, die diese Instanz betreibt, nicht das Fleetgate-Projekt.

1. **Nutzen Sie den Dienst nur für Geräte, auf die Sie zugreifen dürfen.** Den Zugriff gewähren die Firmen, denen die Geräte gehören; jede Anfrage, Entscheidung und Verbindung wird in ihrem Audit-Protokoll festgehalten.
2. **Ihr Konto gehört nur Ihnen.** Geben Sie Passwort und Sitzungen nicht weiter; nutzen Sie nach Möglichkeit die Zwei-Faktor-Authentifizierung.
3. **Stören Sie weder den Dienst noch andere**: keine Versuche, Zugriffsregeln zu umgehen, keine Lasttests, kein Scannen von Netzen, die Sie über eine Verbindung erreichen.
4. **Die Verfügbarkeit ist nicht garantiert.** Der Betreiber kann den Dienst ändern, unterbrechen oder einstellen.
5. Firmen auf dieser Instanz können eigene Nutzungsbedingungen festlegen; dann stimmen Sie diesen zu, bevor Sie in der Firma arbeiten.

Fragen zu dieser Instanz richten Sie an ihren Betreiber.`,
};

const builtInPrivacyStatement: LegalTextLanguages = {
  en: `This instance of **Fleetgate** is operated by the organisation that runs it, which is responsible for the data described here.

## What is stored

- **Your account**: name, e-mail address, a hash of your password and, if you enable it, your two-factor secret.
- **Sessions**: when and from which address each session was last used, and the client it came from.
- **Your work in companies**: memberships, roles, access requests and their decisions, and the audit trail of changes, with time and client address.
- **Remote access**: connection times and the amount of data transferred. The content of connections to devices is not stored.

## Why

To sign you in, to grant and record access as the companies you work for require, and to keep the service secure. Nothing is sold or used for advertising, and no tracking cookies are set: the app keeps your session in your browser's storage.

## Your rights

You can see and change your profile, end your sessions and ask the operator to delete your account. Audit entries stay as long as the company that owns them keeps its audit trail.`,
  de: `Diese Instanz von **Fleetgate** wird von der Organisation betrieben, die sie betreibt; sie ist für die hier beschriebenen Daten verantwortlich.

## Was gespeichert wird

- **Ihr Konto**: Name, E-Mail-Adresse, ein Hash Ihres Passworts und, falls aktiviert, Ihr Zwei-Faktor-Geheimnis.
- **Sitzungen**: wann und von welcher Adresse jede Sitzung zuletzt genutzt wurde und mit welchem Client.
- **Ihre Arbeit in Firmen**: Mitgliedschaften, Rollen, Zugriffsanfragen und ihre Entscheidungen sowie das Audit-Protokoll der Änderungen mit Zeit und Client-Adresse.
- **Fernzugriff**: Verbindungszeiten und übertragene Datenmengen. Der Inhalt der Verbindungen zu Geräten wird nicht gespeichert.

## Wozu

Um Sie anzumelden, Zugriffe so zu gewähren und zu protokollieren, wie es die Firmen verlangen, für die Sie arbeiten, und um den Dienst sicher zu halten. Nichts wird verkauft oder für Werbung genutzt, und es werden keine Tracking-Cookies gesetzt: Die App hält Ihre Sitzung im Speicher Ihres Browsers.

## Ihre Rechte

Sie können Ihr Profil einsehen und ändern, Ihre Sitzungen beenden und den Betreiber bitten, Ihr Konto zu löschen. Audit-Einträge bleiben so lange, wie die Firma, der sie gehören, ihr Audit-Protokoll aufbewahrt.`,
};

export type InstanceLegalText = { publicId: string; languages: LegalTextLanguages };
export type InstanceLegalTexts = { termsOfUse: InstanceLegalText; privacyStatement: InstanceLegalText };

/** A stable id for a text that has no row: it changes exactly when the text does. */
function textId(languages: LegalTextLanguages): string {
  return createHash('sha256').update(JSON.stringify(languages)).digest('hex').slice(0, 12);
}

function load(file: string | undefined, builtIn: LegalTextLanguages): InstanceLegalText {
  // Read once at start-up: a missing or unreadable file stops the server instead of showing nothing.
  const languages = file ? { en: readFileSync(file, 'utf8') } : builtIn;
  return { publicId: textId(languages), languages };
}

export function loadInstanceLegalTexts(files: {
  termsOfUseFile: string | undefined;
  privacyStatementFile: string | undefined;
}): InstanceLegalTexts {
  return {
    termsOfUse: load(files.termsOfUseFile, builtInTermsOfUse),
    privacyStatement: load(files.privacyStatementFile, builtInPrivacyStatement),
  };
}

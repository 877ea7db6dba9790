import type { Translated } from '../../app/locales/translated.ts';
import type { appsEn } from './apps.en.ts';

export const appsDe: Translated<typeof appsEn> = {
  menu: 'Apps',
  title: 'Apps',
  subtitle:
    'Optionale Module für dieses Unternehmen. Installieren Sie, was Sie brauchen; installierte Apps sehen alle Mitglieder.',
  loadFailed: 'Die Apps konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  names: {
    dataLogging: 'Datenaufzeichnung',
    alarming: 'Alarmierung',
    reports: 'Berichte',
    webAccess: 'Webzugriff',
    backendComponents: 'Backend-Komponenten',
  },
  descriptions: {
    dataLogging:
      'Zeichnet die Werte Ihrer Geräte über die Zeit auf und bewahrt sie für Diagramme und Exporte auf.',
    alarming:
      'Überwacht Gerätewerte und löst Alarme aus, auf Wunsch per E-Mail, wenn Grenzwerte überschritten werden.',
    reports: 'Erstellt Berichte aus Dashboards und aufgezeichneten Daten, auf Abruf oder nach Zeitplan.',
    webAccess: 'Öffnet die Weboberfläche eines Geräts im Browser durch den Tunnel, ohne den VPN-Client.',
    backendComponents:
      'Führt Ihre eigenen Komponenten in der Cloud neben Ihren Geräten aus, in einer isolierten Sandbox.',
  },
  needs: {
    dataLogging: 'Eine Logging-Lizenz oder eine Testphase je Gerät',
    alarming: 'Eine Alarmierungs-Lizenz oder eine Testphase je Gerät',
    reports: 'Seiten (Dashboards) für die Berichte; aufgezeichnete Daten für Verläufe',
    webAccess: 'Geräte mit einem HTTP-Dienst',
    backendComponents: 'Vorlagen für Backend-Komponenten',
  },
  needsLabel: 'Benötigt: {{needs}}',
  installed: 'Installiert',
  notInstalled: 'Nicht installiert',
  installedOn: 'Installiert am {{date}}',
  install: 'Installieren',
  uninstall: 'Deinstallieren',
  configure: 'Einstellungen',
  open: 'Öffnen',
  installNamed: '{{name}} installieren',
  uninstallNamed: '{{name}} deinstallieren',
  configureNamed: 'Einstellungen von {{name}}',
  openNamed: '{{name}} öffnen',
  installedNotice: '{{name}} ist installiert.',
  uninstalledNotice: '{{name}} ist deinstalliert. Die Daten bleiben erhalten.',
  savedNotice: 'Die Einstellungen von {{name}} sind gespeichert.',
  noSettings: 'Diese App hat keine Einstellungen.',
  uninstallDialog: {
    title: '{{name}} deinstallieren?',
    body: 'Menüeinträge, Seiten und Aufrufe der App werden für alle in diesem Unternehmen geschlossen. Die Daten der App bleiben erhalten: Installieren Sie sie erneut, um sie zu nutzen.',
    confirm: 'Deinstallieren',
    cancel: 'Abbrechen',
  },
  configDialog: {
    title: 'Einstellungen von {{name}}',
    save: 'Speichern',
    cancel: 'Abbrechen',
  },
  settings: {
    title: 'Einstellungen',
    retentionDays: 'Aufgezeichnete Daten aufbewahren (Tage)',
    retentionDaysHint: '{{min}} bis {{max}} Tage; ältere Werte werden gelöscht.',
    retentionDaysRange: 'Geben Sie eine ganze Zahl von {{min}} bis {{max}} Tagen ein',
    retentionDaysValue: '{{count}} Tage',
    emailNotifications: 'Alarme per E-Mail senden',
    emailNotificationsHint: 'Mitglieder, die Alarme erhalten, bekommen sie auch per E-Mail.',
    timeZone: 'Zeitzone der Berichte',
    timeZoneHint: 'Datum und Uhrzeit in Berichten werden in dieser Zone angezeigt.',
    timeZoneInvalid: 'Wählen Sie eine Zeitzone aus der Liste',
    allowSelfSignedCertificates: 'Selbstsignierte Zertifikate erlauben',
    allowSelfSignedCertificatesHint:
      'Geräte öffnen, deren HTTPS-Zertifikat nicht von einer bekannten Stelle signiert ist (bei Geräte-Webseiten üblich).',
    on: 'An',
    off: 'Aus',
  },
  page: {
    back: 'Alle Apps',
    unknown: 'Diese App gibt es nicht.',
    notInstalled: 'Die App {{name}} ist in diesem Unternehmen nicht installiert.',
    askAdministrator:
      'Bitten Sie eine Administratorin oder einen Administrator des Unternehmens, sie zu installieren.',
    state: 'Status',
  },
  errors: {
    alreadyInstalled: 'Diese App ist bereits installiert.',
    notInstalled: 'Diese App ist nicht installiert.',
  },
  appsMenu: {
    installedApps: 'Installierte Apps',
  },
};

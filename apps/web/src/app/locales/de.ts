import { messagesDe } from '../../features/messages/messages.de.ts';
import { groupsDe } from '../../features/groups/groups.de.ts';
import { assetsDe } from '../../features/assets/assets.de.ts';
import { usersDe } from '../../features/users/users.de.ts';
import { rolesDe } from '../../features/roles/roles.de.ts';
import { accessCategoriesDe } from '../../features/access-categories/access-categories.de.ts';
import { customFieldsDe } from '../../features/custom-fields/custom-fields.de.ts';
import { mqttDe } from '../../features/mqtt/mqtt.de.ts';
import { webhooksDe } from '../../features/webhooks/webhooks.de.ts';
import { backendComponentsDe } from '../../features/backend-components/backend-components.de.ts';
import { dataLoggingDe } from '../../features/data-logging/data-logging.de.ts';
import { ssoDe } from '../../features/sso/sso.de.ts';
import { auditTrailDe } from '../../features/audit-trail/audit-trail.de.ts';
import { signInSecurityDe } from '../../features/sign-in-security/sign-in-security.de.ts';
import { devicesDe } from '../../features/devices/devices.de.ts';
import { agentsDe } from '../../features/agents/agents.de.ts';
import { accessRequestsDe } from '../../features/access-requests/access-requests.de.ts';
import { jumpStartDe } from '../../features/jump-start/jump-start.de.ts';
import { remindersDe } from '../../features/reminders/reminders.de.ts';
import { vpnDe } from '../../features/vpn/vpn.de.ts';
import { vpnMobileDe } from '../../features/vpn/vpn-mobile.de.ts';
import { webAccessDe } from '../../features/web-access/web-access.de.ts';
import { signInBlockDe } from '../../auth/sign-in-block.de.ts';
import { ssoSignInDe } from '../../auth/sso-sign-in.de.ts';
import { passkeySignInDe } from '../../auth/passkey-sign-in.de.ts';
import { myProfileDe } from '../../features/my-profile/my-profile.de.ts';
import { profileAccountDe } from '../../features/my-profile/profile-account.de.ts';
import { passwordRecoveryDe } from '../../features/password-recovery/password-recovery.de.ts';
import { signInHistoryDe } from '../../features/my-profile/sign-in-history.de.ts';
import { helpCentreDe } from '../../features/help-centre/help-centre.de.ts';
import { translationsDe } from '../../features/translations/translations.de.ts';
import { legalDe } from '../../features/terms/legal.de.ts';
import { appsDe } from '../../features/apps/apps.de.ts';
import { screensaverDe } from '../../features/screensaver/screensaver.de.ts';
import { reportsDe } from '../../features/reports/reports.de.ts';
import { usageDe } from '../../features/usage/usage.de.ts';
import { alarmsDe } from '../../features/alarms/alarms.de.ts';
import { licencesDe } from '../../features/licences/licences.de.ts';
import { companyPropertiesDe } from '../../features/company-properties/company-properties.de.ts';
import { menuItemsDe } from '../../features/menu-items/menu-items.de.ts';
import { twoFactorAuthDe } from '../../auth/two-factor-auth.de.ts';
import { twoFactorDe } from '../../features/my-profile/two-factor.de.ts';
import { passkeysDe } from '../../features/passkeys/passkeys.de.ts';
import { pagesDe } from '../../features/pages/pages.de.ts';
import type { en } from './en.ts';
import type { Translated } from './translated.ts';

/**
 * Every UI string in German, the same shape as English (the typecheck fails on a missing or
 * extra key). A plain object: company translations merge over it like over English. Loaded as
 * one chunk (through de-pack.ts) when the UI language is German.
 */
export const de: Translated<typeof en> = {
  app: {
    name: 'Fleetgate',
    tagline: 'Genehmigter, protokollierter Fernzugriff auf Ihre Industriegeräte',
    loading: 'Wird geladen…',
    partLoadFailed:
      'Dieser Teil der Seite konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  form: {
    required: 'Pflichtfeld',
    email: 'Geben Sie eine gültige E-Mail-Adresse ein',
    maxLength: 'Verwenden Sie höchstens {{count}} Zeichen',
    passwordLength: 'Verwenden Sie {{min}} bis {{max}} Zeichen',
    otp: 'Geben Sie den 6-stelligen Code ein',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    clockHours: '{{hours}} Stunden',
    clockMinutes: '{{minutes}} Minuten',
    clockSeconds: '{{seconds}} Sekunden',
    discardTitle: 'Änderungen verwerfen?',
    discardBody: 'Ihre Änderungen wurden nicht gespeichert. Sie gehen verloren.',
    keepEditing: 'Weiter bearbeiten',
    discard: 'Verwerfen',
  },
  login: {
    title: 'Anmelden',
    subtitle: 'Willkommen zurück. Melden Sie sich an, um Ihre Flotte zu verwalten.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    noAccount: 'Neu bei Fleetgate?',
    registerLink: 'Konto erstellen',
    otpTitle: 'Zwei-Faktor-Authentifizierung',
    otpHint: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App für {{email}} ein.',
    otpLabel: 'Einmalcode',
    otpSubmit: 'Bestätigen',
    otpBack: 'Anderes Konto verwenden',
    forgotPassword: 'Passwort vergessen?',
  },
  register: {
    title: 'Konto erstellen',
    subtitle: 'Verwalten Sie den Fernzugriff auf Ihre Geräte.',
    name: 'Vollständiger Name',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    passwordHint: 'Mindestens {{min}} Zeichen',
    submit: 'Konto erstellen',
    haveAccount: 'Sie haben bereits ein Konto?',
    loginLink: 'Anmelden',
    checkMailTitle: 'Prüfen Sie Ihre E-Mails',
    checkMailText:
      'Wir haben eine E-Mail an {{email}} gesendet. Öffnen Sie den Link darin, um Ihre Adresse zu bestätigen und Ihr Konto fertig einzurichten.',
    confirmTitle: 'E-Mail-Adresse bestätigen',
    confirmSubtitle: 'Nur noch ein Schritt: Bestätigen Sie, um Ihr Fleetgate-Konto zu erstellen.',
    confirmSubmit: 'Bestätigen und Konto erstellen',
    confirmedTitle: 'Ihr Konto ist bereit',
    confirmedText: 'Melden Sie sich mit Ihrer E-Mail-Adresse und dem gewählten Passwort an.',
    confirmFailed:
      'Dieser Link ist ungültig oder abgelaufen. Registrieren Sie sich erneut, um einen neuen zu erhalten.',
    confirmTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Melden Sie sich stattdessen an.',
  },
  logout: {
    progress: 'Sie werden abgemeldet…',
  },
  companies: {
    title: 'Ihre Unternehmen',
    subtitle: 'Wählen Sie das Unternehmen, in dem Sie arbeiten möchten.',
    empty: 'Sie sind noch kein Mitglied eines Unternehmens. Erstellen Sie eines, um loszulegen.',
    current: 'Aktuell',
    createTitle: 'Unternehmen erstellen',
    createHint: 'Sie werden dessen Administrator und können Ihre Kolleginnen und Kollegen einladen.',
    name: 'Name des Unternehmens',
    createSubmit: 'Unternehmen erstellen',
    logOut: 'Abmelden',
  },
  shell: {
    home: 'Fleetgate-Startseite',
    toggleMenu: 'Menü ein- oder ausblenden',
    toggleRightMenu: 'Seitenmenü ein- oder ausblenden',
    sidePanel: 'Seitenleiste',
    rightPanel: 'Rechte Seitenleiste',
    account: 'Konto',
    accountWithInitials: 'Konto von {{name}}: {{initials}}',
    company: 'Unternehmen',
    switchCompany: 'Unternehmen wechseln',
    myProfile: 'Mein Profil',
    logOut: 'Abmelden',
    navigation: 'Hauptnavigation',
    emptyMenu: 'Ihre Rolle gibt Ihnen in diesem Unternehmen keine Verwaltungsbereiche.',
    showChildren: 'Unterpunkte von {{name}} ein- oder ausblenden',
    search: 'Suchen',
    searchPlaceholder: 'Suchen…',
    clearSearch: 'Suche löschen',
    help: 'Hilfe',
    messages: 'Nachrichten',
    messagesUnread_one: 'Nachrichten, {{shown}} ungelesen',
    messagesUnread_other: 'Nachrichten, {{shown}} ungelesen',
    newVersion: 'Eine neue Version von Fleetgate ist verfügbar.',
    reloadNow: 'Jetzt neu laden',
    apps: {
      title: 'Apps',
      console: 'Konsole',
      consoleHint: 'Benutzer, Gruppen und Geräte verwalten',
    },
    sections: {
      USER_MANAGEMENT: 'Benutzerverwaltung',
      COMPANY: 'Unternehmen',
      DEVICE_SETTINGS: 'Geräteeinstellungen',
      REMOTE_ACCESS: 'Fernzugriff',
    },
  },
  home: {
    noRole: 'Keine Rolle',
  },
  errors: {
    whoopsTitle: 'Hoppla…',
    whoopsSubtitle: 'Da ist wohl etwas schiefgelaufen.',
    apiUnavailableTitle: 'API-Server nicht erreichbar',
    apiUnavailableHint: 'Der Server hat nicht geantwortet. Bitte versuchen Sie es gleich noch einmal.',
    apiUnavailableStatusHint:
      'Der Server hat nicht geantwortet. Aktuelle Informationen finden Sie auf der Statusseite.',
    statusPage: 'Statusseite',
    tryAgain: 'Erneut versuchen',
    notAllowedTitle: 'Nicht erlaubt',
    notAllowedSubtitle: 'Diese Seite ist für Ihre Rolle in diesem Unternehmen nicht freigegeben.',
    notFoundSubtitle: 'Diese Seite gibt es nicht.',
    goHome: 'Zur Startseite',
    goToPortal: 'Zum Portal',
    switchCompany: 'Unternehmen wechseln',
    logOut: 'Abmelden',
    unexpected: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    gatewayTimeout: 'Gateway-Timeout',
    noConnection: 'Keine Verbindung',
  },
  apiErrors: {
    required: 'Pflichtfeld',
    invalid: 'Ungültiger Wert',
    duplicate: 'Existiert bereits',
    nameInUse: 'Dieser Name wird bereits verwendet',
    unauthenticated: 'Bitte melden Sie sich erneut an',
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch',
    otpRequired: 'Geben Sie Ihren Einmalcode ein',
    otpFailed: 'Dieser Code ist ungültig. Verwenden Sie den aktuellen.',
    forbidden: 'Ihre Rolle erlaubt das nicht',
    notFound: 'Nicht gefunden',
    rateLimited: 'Zu viele Versuche, bitte versuchen Sie es später erneut',
    apiVersion: 'Diese App passt nicht zur Serverversion. Laden Sie die Seite neu.',
    emailInUse: 'Diese E-Mail-Adresse ist bereits registriert',
    passwordTooCommon: 'Dieses Passwort ist zu verbreitet. Wählen Sie ein weniger naheliegendes.',
    passwordWrong: 'Das alte Passwort ist falsch',
    lastAdministrator: 'Ein Unternehmen braucht mindestens einen Administrator',
    builtInRole: 'Vordefinierte Rollen können nicht geändert werden',
    roleInUse: 'Diese Rolle wird noch verwendet',
    companyNotFound: 'Unternehmen nicht gefunden',
    companyRequired: 'Wählen Sie zuerst ein Unternehmen',
    misdirected: 'Dieser Server bedient diese Adresse nicht',
    destinationNotAllowed: 'Dieses Ziel ist nicht erlaubt',
    invalidCharacters: 'Der Text enthält unzulässige Zeichen',
    nestedTooDeeply: 'Die Daten sind zu tief verschachtelt',
    twoFactorRequired:
      'Diese Firma verlangt die Anmeldung mit zweitem Faktor. Richten Sie zuerst einen zweiten Faktor ein.',
    ssoRequired: 'Diese Firma verlangt Single Sign-on. Melden Sie sich über ihren Identitätsanbieter an.',
    totpAlreadyEnabled: 'Die Anmeldung mit zweitem Faktor per Authenticator-App ist bereits eingeschaltet.',
    totpNotEnabled:
      'Die Anmeldung mit zweitem Faktor per Authenticator-App ist aus. Beginnen Sie die Einrichtung neu.',
    codeWrong: 'Dieser Code ist ungültig. Versuchen Sie den aktuellen.',
    passwordIncorrect: 'Das Passwort ist falsch',
    emailChangeLinkInvalid:
      'Dieser Link ist ungültig, abgelaufen oder schon benutzt. Ändern Sie Ihre E-Mail-Adresse erneut.',
    recoveryLinkInvalid:
      'Dieser Link ist ungültig, abgelaufen oder schon benutzt. Fordern Sie einen neuen an.',
    identityProviderMissing:
      'Fügen Sie zuerst einen Identitätsanbieter hinzu, bevor Sie Single Sign-on verlangen',
    ssoStateInvalid:
      'Diese Anmeldung ist abgelaufen oder wurde schon verwendet. Beginnen Sie die Anmeldung neu.',
    ssoFailed: 'Der Identitätsanbieter hat die Anmeldung nicht bestätigt. Versuchen Sie es erneut.',
    ssoEmailUnverified: 'Der Identitätsanbieter hat Ihre E-Mail-Adresse nicht bestätigt.',
    ssoDomainNotAllowed: 'Dieser Identitätsanbieter darf Adressen Ihrer E-Mail-Domain nicht anmelden.',
    ssoNotMember:
      'Kein Mitglied dieser Firma hat diese E-Mail-Adresse. Wenn Sie eingeladen wurden, melden Sie sich mit Ihrem Passwort an und nehmen Sie die Einladung zuerst an.',
    ssoProviderUnavailable: 'Der Identitätsanbieter ist gerade nicht erreichbar.',
    passkeyChallengeInvalid:
      'Diese Passkey-Anfrage ist abgelaufen oder wurde schon verwendet. Bitte versuchen Sie es erneut.',
    passkeyVerificationFailed: 'Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  },
  // Each feature keeps its texts beside its code.
  messages: messagesDe,
  groups: groupsDe,
  assets: assetsDe,
  users: usersDe,
  roles: rolesDe,
  accessCategories: accessCategoriesDe,
  customFields: customFieldsDe,
  mqtt: mqttDe,
  webhooks: webhooksDe,
  backendComponents: backendComponentsDe,
  dataLogging: dataLoggingDe,
  sso: ssoDe,
  devices: devicesDe,
  agents: agentsDe,
  accessRequests: accessRequestsDe,
  jumpStart: jumpStartDe,
  reminders: remindersDe,
  auditTrail: auditTrailDe,
  vpn: vpnDe,
  vpnMobile: vpnMobileDe,
  signInBlock: signInBlockDe,
  ssoSignIn: ssoSignInDe,
  passkeySignIn: passkeySignInDe,
  myProfile: myProfileDe,
  profileAccount: profileAccountDe,
  passwordRecovery: passwordRecoveryDe,
  signInHistory: signInHistoryDe,
  helpCentre: helpCentreDe,
  translations: translationsDe,
  licences: licencesDe,
  alarms: alarmsDe,
  companyProperties: companyPropertiesDe,
  menuItems: menuItemsDe,
  passkeys: passkeysDe,
  legal: legalDe,
  apps: appsDe,
  screensaver: screensaverDe,
  reports: reportsDe,
  usage: usageDe,
  twoFactorAuth: twoFactorAuthDe,
  twoFactor: twoFactorDe,
  signInSecurity: signInSecurityDe,
  webAccess: webAccessDe,
  pages: pagesDe,
};

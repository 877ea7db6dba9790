import type { Translated } from '../../app/locales/translated.ts';
import type { vpnMobileEn } from './vpn-mobile.en.ts';

// German texts of the VPN dialogs on phones, under the `vpnMobile` key of the translation resources.
export const vpnMobileDe: Translated<typeof vpnMobileEn> = {
  connector: {
    title: 'Von einem Computer verbinden',
    lead: 'VPN-Verbindungen laufen über den Fleetgate-VPN-Client, eine kleine App für Windows, macOS und Linux. Auf Smartphones und Tablets lässt er sich nicht installieren, daher kann sich dieses Gerät nicht per VPN verbinden.',
    stepsTitle: 'So verbinden Sie sich mit einem Gerät',
    step1: 'Öffnen Sie dieses Portal auf einem Desktop-Computer oder Laptop.',
    step2: 'Installieren Sie dort den VPN-Client: Das Portal bietet den Download beim Verbinden an.',
    step3: 'Melden Sie sich an, öffnen Sie das Gerät und wählen Sie Verbinden.',
    copyLink: 'Link zu dieser Seite kopieren',
    copied: 'Link kopiert. Öffnen Sie ihn auf Ihrem Computer.',
    close: 'Schließen',
  },
  iosIntro: {
    title: 'Fleetgate auf Ihrem iPhone oder iPad',
    lead: 'Das meiste im Portal funktioniert auf diesem Gerät. Das können Sie hier tun:',
    features: {
      devices: {
        title: 'Geräte im Blick behalten',
        body: 'Sehen Sie, welche Geräte online sind, welche Dienste sie haben und welchen Zugriff Sie haben.',
      },
      requests: {
        title: 'Zugriff anfragen und genehmigen',
        body: 'Fragen Sie Zugriff auf ein Gerät an oder genehmigen und widerrufen Sie die Anfragen Ihres Teams.',
      },
      messages: {
        title: 'Auf dem Laufenden bleiben',
        body: 'Lesen Sie Nachrichten und lassen Sie sich erinnern, bevor Ihr Zugriff endet.',
      },
      vpn: {
        title: 'VPN braucht einen Computer',
        body: 'Der VPN-Client läuft nur unter Windows, macOS und Linux. Verbinden Sie sich von einem Computer aus mit dem Netzwerk eines Geräts.',
      },
    },
    start: 'Los geht’s',
  },
};

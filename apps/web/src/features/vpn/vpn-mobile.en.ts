// English texts of the VPN dialogs on phones, under the `vpnMobile` key of the translation resources.
export const vpnMobileEn = {
  connector: {
    title: 'Connect from a computer',
    lead: 'VPN connections run through the Fleetgate VPN client, a small app for Windows, macOS and Linux. It cannot be installed on phones or tablets, so this device cannot connect by VPN.',
    stepsTitle: 'To connect to a device',
    step1: 'Open this portal on a desktop or laptop computer.',
    step2: 'Install the VPN client there: the portal offers the download when you connect.',
    step3: 'Sign in, open the device and choose Connect.',
    copyLink: 'Copy link to this page',
    copied: 'Link copied. Open it on your computer.',
    close: 'Close',
  },
  iosIntro: {
    title: 'Fleetgate on your iPhone or iPad',
    lead: 'Most of the portal works on this device. Here is what you can do:',
    features: {
      devices: {
        title: 'Check your devices',
        body: 'See which devices are online, their services and your access.',
      },
      requests: {
        title: 'Request and approve access',
        body: 'Ask for access to a device, or approve and revoke your team’s requests.',
      },
      messages: {
        title: 'Stay informed',
        body: 'Read messages, and get reminded before your access ends.',
      },
      vpn: {
        title: 'VPN needs a computer',
        body: 'The VPN client runs on Windows, macOS and Linux only. Connect to a device’s network from a computer.',
      },
    },
    start: 'Get started',
  },
};

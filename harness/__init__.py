"""The rulecheck harness: drives any engine through the protocol and judges it per clause."""

// What ElectroDB's model check gets in a Lambda bundle instead of jsonschema (see
// lambda-plugins.mjs): the same Validator surface, and every model reported valid.
class Validator {
  addSchema() {}
  validate() {
    return { errors: [] };
  }
}
Validator.prototype.customFormats = {};
module.exports = { Validator };
